//! A small, strict JSON reader and writer for the saves document
//! (`crate::saves`): the page reads and writes it on every move, and a
//! general JSON library with its derived readers for every version cost the
//! page about 25 KB gzipped (measured; docs/loading.md). This one knows only what the
//! document needs: values kept as they are written (numbers as their text,
//! converted on demand), objects in their order, duplicate keys refused.
//!
//! Nothing here panics, whatever the input: nesting is limited, and every
//! error is a sentence in a player's words.

/// A JSON value. Numbers keep their text: [`Value::as_u64`] and
/// [`Value::as_time`] read it the way the document needs.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Value>),
    Object(Vec<(String, Value)>),
}

/// How deep arrays and objects may nest (the document needs 5).
const MAX_DEPTH: usize = 64;

/// Read a whole JSON text.
pub fn parse(text: &str) -> Result<Value, String> {
    let mut r = Reader {
        bytes: text.as_bytes(),
        at: 0,
    };
    let v = r.value(0)?;
    r.space();
    if r.at < r.bytes.len() {
        return Err("extra text at the end".into());
    }
    Ok(v)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

fn form() -> String {
    "the text is not in the expected form".into()
}

impl Reader<'_> {
    fn space(&mut self) {
        while matches!(self.bytes.get(self.at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn peek(&self) -> Result<u8, String> {
        self.bytes
            .get(self.at)
            .copied()
            .ok_or_else(|| "the text ends too early".to_string())
    }

    fn word(&mut self, w: &str, v: Value) -> Result<Value, String> {
        if self.bytes[self.at..].starts_with(w.as_bytes()) {
            self.at += w.len();
            Ok(v)
        } else {
            Err(form())
        }
    }

    fn value(&mut self, depth: usize) -> Result<Value, String> {
        if depth > MAX_DEPTH {
            return Err("the text nests too deeply".into());
        }
        self.space();
        match self.peek()? {
            b'n' => self.word("null", Value::Null),
            b't' => self.word("true", Value::Bool(true)),
            b'f' => self.word("false", Value::Bool(false)),
            b'"' => self.string().map(Value::String),
            b'[' => {
                self.at += 1;
                let mut items = Vec::new();
                self.space();
                if self.peek()? == b']' {
                    self.at += 1;
                    return Ok(Value::Array(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.space();
                    match self.peek()? {
                        b',' => self.at += 1,
                        b']' => {
                            self.at += 1;
                            return Ok(Value::Array(items));
                        }
                        _ => return Err(form()),
                    }
                }
            }
            b'{' => {
                self.at += 1;
                let mut fields: Vec<(String, Value)> = Vec::new();
                self.space();
                if self.peek()? == b'}' {
                    self.at += 1;
                    return Ok(Value::Object(fields));
                }
                loop {
                    self.space();
                    if self.peek()? != b'"' {
                        return Err(form());
                    }
                    let key = self.string()?;
                    self.space();
                    if self.peek()? != b':' {
                        return Err(form());
                    }
                    self.at += 1;
                    let v = self.value(depth + 1)?;
                    if fields.iter().any(|(k, _)| *k == key) {
                        return Err(format!("the field “{key}” appears twice"));
                    }
                    fields.push((key, v));
                    self.space();
                    match self.peek()? {
                        b',' => self.at += 1,
                        b'}' => {
                            self.at += 1;
                            return Ok(Value::Object(fields));
                        }
                        _ => return Err(form()),
                    }
                }
            }
            b'-' | b'0'..=b'9' => self.number(),
            _ => Err(form()),
        }
    }

    /// `-? int frac? exp?` as RFC 8259 has it, kept as text.
    fn number(&mut self) -> Result<Value, String> {
        let start = self.at;
        let digits = |r: &mut Self| {
            let from = r.at;
            while matches!(r.bytes.get(r.at), Some(b'0'..=b'9')) {
                r.at += 1;
            }
            r.at - from
        };
        if self.bytes[self.at] == b'-' {
            self.at += 1;
        }
        let int_from = self.at;
        let n = digits(self);
        if n == 0 || (n > 1 && self.bytes[int_from] == b'0') {
            return Err(form());
        }
        if self.bytes.get(self.at) == Some(&b'.') {
            self.at += 1;
            if digits(self) == 0 {
                return Err(form());
            }
        }
        if matches!(self.bytes.get(self.at), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.bytes.get(self.at), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if digits(self) == 0 {
                return Err(form());
            }
        }
        // Only ASCII was consumed, so this is a char boundary.
        Ok(Value::Number(
            String::from_utf8_lossy(&self.bytes[start..self.at]).into_owned(),
        ))
    }

    fn hex4(&mut self) -> Result<u32, String> {
        let mut v = 0;
        for _ in 0..4 {
            let d = (self.peek()? as char).to_digit(16).ok_or_else(form)?;
            v = v * 16 + d;
            self.at += 1;
        }
        Ok(v)
    }

    fn string(&mut self) -> Result<String, String> {
        self.at += 1; // the opening quote
        let mut out = Vec::new();
        loop {
            let b = self.peek()?;
            self.at += 1;
            match b {
                b'"' => return String::from_utf8(out).map_err(|_| form()),
                b'\\' => {
                    let e = self.peek()?;
                    self.at += 1;
                    let c = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) {
                                if !self.bytes[self.at..].starts_with(b"\\u") {
                                    return Err(form());
                                }
                                self.at += 2;
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return Err(form());
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else {
                                hi
                            };
                            char::from_u32(code).ok_or_else(form)?
                        }
                        _ => return Err(form()),
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                0..=0x1f => return Err(form()),
                _ => out.push(b),
            }
        }
    }
}

/// A number's text as sign, decimal digits (as many as fit) and a power of
/// ten: `-12.5e3` is (true, 125, 2).
fn decimal(text: &str) -> Option<(bool, u128, i64)> {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, text),
    };
    let (mantissa, exp) = match rest.find(['e', 'E']) {
        Some(i) => (&rest[..i], rest[i + 1..].parse::<i64>().ok()?),
        None => (rest, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let mut digits: u128 = 0;
    let mut exp = exp;
    for (k, c) in int.bytes().chain(frac.bytes()).enumerate() {
        let d = (c - b'0') as u128;
        match digits.checked_mul(10).and_then(|v| v.checked_add(d)) {
            Some(v) => digits = v,
            // Past 38 digits the rest only rounds: count the integer ones.
            None if k < int.len() => exp = exp.saturating_add(1),
            None => {}
        }
    }
    Some((negative, digits, exp.saturating_sub(frac.len() as i64)))
}

impl Value {
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::String(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Value]> {
        match self {
            Value::Array(a) => Some(a),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&[(String, Value)]> {
        match self {
            Value::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The value of `key` in an object.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_object()?
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// A whole number from 0 to `u64::MAX` (`3`, `3.0` and `3e0` alike).
    pub fn as_u64(&self) -> Option<u64> {
        let Value::Number(text) = self else {
            return None;
        };
        let (negative, mut digits, mut exp) = decimal(text)?;
        if digits == 0 {
            return Some(0);
        }
        while exp < 0 {
            if digits % 10 != 0 {
                return None;
            }
            digits /= 10;
            exp += 1;
        }
        // Past 20 digits no u64 is left: stop before a long exponent runs.
        for _ in 0..exp.min(40) {
            digits = digits.checked_mul(10)?;
        }
        if negative {
            return None;
        }
        u64::try_from(digits).ok()
    }

    /// A time in ms, to the thousandth of a ms (the saves' times: a clock
    /// gives whole ms; finer digits are rounded, larger numbers saturate),
    /// so that what [`time`] writes reads back the same.
    pub fn as_time(&self) -> Option<f64> {
        let Value::Number(text) = self else {
            return None;
        };
        let (negative, mut digits, mut exp) = decimal(text)?;
        exp = exp.saturating_add(3); // thousandths
        if exp < 0 {
            // Round half up to whole thousandths; 10^39 is past any u128.
            digits = match u32::try_from(-exp) {
                Ok(drop) if drop <= 38 => {
                    let p = 10u128.pow(drop);
                    let (q, r) = (digits / p, digits % p);
                    q + u128::from(r >= p - r)
                }
                _ => 0,
            };
            exp = 0;
        }
        for _ in 0..exp.min(40) {
            digits = digits.saturating_mul(10);
        }
        let t = digits.min(i64::MAX as u128) as f64 / 1000.0;
        Some(if negative { -t } else { t })
    }
}

/// `s` as a JSON string, quotes included.
pub fn string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.push_str("\\u00");
                out.push(HEX[(c as usize) >> 4] as char);
                out.push(HEX[(c as usize) & 15] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `v` as JSON, as it was read (numbers keep their text).
pub fn write(out: &mut String, v: &Value) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Number(n) => out.push_str(n),
        Value::String(s) => string(out, s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(out, item);
            }
            out.push(']');
        }
        Value::Object(fields) => {
            out.push('{');
            for (i, (k, item)) in fields.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                string(out, k);
                out.push(':');
                write(out, item);
            }
            out.push('}');
        }
    }
}

/// A time in ms as [`Value::as_time`] reads it: whole ms as a whole
/// number, else up to three decimals (no float formatting: the page would
/// carry its code for this alone).
pub fn time(out: &mut String, t: f64) {
    let thousandths = (t * 1000.0).round();
    let negative = thousandths < 0.0;
    let k = thousandths.abs().min(i64::MAX as f64) as u64;
    if negative && k != 0 {
        out.push('-');
    }
    out.push_str(&(k / 1000).to_string());
    let frac = k % 1000;
    if frac != 0 {
        let mut f = format!(".{:03}", frac);
        while f.ends_with('0') {
            f.pop();
        }
        out.push_str(&f);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_kind_of_value() {
        let v = parse(r#" {"a": [1, -2.5e1, true, false, null], "b": "x\"\u00e9\ud83d\ude00\n"} "#)
            .unwrap();
        assert_eq!(v.get("a").unwrap().as_array().unwrap().len(), 5);
        assert_eq!(v.get("b").unwrap().as_str(), Some("x\"é😀\n"));
        assert_eq!(v.get("c"), None);
    }

    #[test]
    fn refuses_what_is_not_json() {
        for (text, want) in [
            ("", "ends too early"),
            ("{", "ends too early"),
            ("[1,]", "expected form"),
            ("01", "expected form"),
            ("1.", "expected form"),
            ("-", "expected form"),
            ("\"a\u{1}\"", "expected form"),
            ("\"\\x\"", "expected form"),
            ("\"\\ud800\"", "expected form"),
            ("{\"a\":1,\"a\":2}", "appears twice"),
            ("[1] x", "extra text"),
            ("nul", "expected form"),
            ("{1:2}", "expected form"),
        ] {
            let e = parse(text).unwrap_err();
            assert!(e.contains(want), "{text:?}: {e}");
        }
        let deep = "[".repeat(100_000);
        assert!(parse(&deep).unwrap_err().contains("nests too deeply"));
    }

    #[test]
    fn whole_numbers_and_times() {
        let n = |t: &str| Value::Number(t.into());
        assert_eq!(n("4").as_u64(), Some(4));
        assert_eq!(n("4.0").as_u64(), Some(4));
        assert_eq!(n("4e2").as_u64(), Some(400));
        assert_eq!(n("4.5").as_u64(), None);
        assert_eq!(n("-1").as_u64(), None);
        assert_eq!(n("-0").as_u64(), Some(0));
        assert_eq!(n("18446744073709551616").as_u64(), None);
        assert_eq!(n("1717250000000.5").as_time(), Some(1717250000000.5));
        assert_eq!(n("1717236000000.0").as_time(), Some(1717236000000.0));
        assert_eq!(n("1.2344").as_time(), Some(1.234));
        assert_eq!(n("1.2345").as_time(), Some(1.235));
        assert_eq!(n("-2").as_time(), Some(-2.0));
        assert!(n("1e400").as_time().unwrap().is_finite());
        assert_eq!(n("1e-400").as_time(), Some(0.0));
        assert_eq!(n("0e99999999999").as_u64(), Some(0));
        assert_eq!(n("1e-99999999999").as_u64(), None);
        assert_eq!(n("1e99999999999").as_u64(), None);
        assert_eq!(n("5e-99999999999").as_time(), Some(0.0));
        assert_eq!(n("1e-9223372036854775808").as_time(), Some(0.0));
        assert!(
            n("123456789012345678901234567890123456789012e9223372036854775807")
                .as_time()
                .is_some()
        );
        assert_eq!(Value::Bool(true).as_time(), None);
    }

    #[test]
    fn what_is_written_reads_back() {
        for t in [0.0, 1.0, 1717250000000.5, 1.234, 0.001, 123456.789] {
            let mut s = String::new();
            time(&mut s, t);
            assert_eq!(Value::Number(s.clone()).as_time(), Some(t), "{s}");
        }
        let v = parse(r#"{"a":[1,-2.50e1,true,null,{}],"b":"x\u00e9\n","c":[]}"#).unwrap();
        let mut w = String::new();
        write(&mut w, &v);
        assert_eq!(
            w,
            "{\"a\":[1,-2.50e1,true,null,{}],\"b\":\"xé\\n\",\"c\":[]}"
        );
        assert_eq!(parse(&w).unwrap(), v);
        let mut s = String::new();
        string(&mut s, "a\"b\\c\n\u{1}é");
        assert_eq!(s, "\"a\\\"b\\\\c\\n\\u0001é\"");
        assert_eq!(parse(&s).unwrap().as_str(), Some("a\"b\\c\n\u{1}é"));
    }
}
