//! The format of the messages between the page and its workers: a compact
//! text for any `serde` value, in the order the type declares its parts
//! (like bincode, whose place it takes), with no room for error messages.
//!
//! Why not bincode: its errors format what went wrong (serde's "invalid
//! type: floating point `1.5`…"), and that formatting, with the float
//! printing it brings, cost the page several KB for messages that never
//! fail (docs/size.md). Here an error is [`Error`], which says nothing, and
//! the page and its workers are built from the same code, so a message
//! reads as it was written.
//!
//! The text: a number (any integer, a bool, a char, a length, a variant's
//! index, an option's tag, a float's bits) is its decimal digits and `,`;
//! a string is its length in bytes, `,` and the bytes; a sequence or map is
//! its length and its items; a struct or tuple its fields in order; a unit
//! nothing. Nothing here panics, whatever the text.

use serde::de::{self, DeserializeSeed, IntoDeserializer, Visitor};
use serde::ser::{self, Serialize};
use std::fmt;

/// Something could not be written or read (what, it does not say).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Error;

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a message between the page and its worker is damaged")
    }
}

impl std::error::Error for Error {}

impl ser::Error for Error {
    fn custom<T: fmt::Display>(_: T) -> Error {
        Error
    }
}

impl de::Error for Error {
    fn custom<T: fmt::Display>(_: T) -> Error {
        Error
    }
}

/// `value` in the wire's text.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut w = Writer(String::new());
    value.serialize(&mut w)?;
    Ok(w.0)
}

/// The value a text of [`to_string`] holds; the whole text must be used.
pub fn from_str<T: de::DeserializeOwned>(text: &str) -> Result<T, Error> {
    let mut r = Reader { rest: text };
    let v = T::deserialize(&mut r)?;
    if r.rest.is_empty() {
        Ok(v)
    } else {
        Err(Error)
    }
}

struct Writer(String);

impl Writer {
    fn num(&mut self, n: u64) {
        self.0.push_str(&n.to_string());
        self.0.push(',');
    }

    fn signed(&mut self, n: i64) {
        // Zigzag: small magnitudes stay short, either sign.
        self.num(((n << 1) ^ (n >> 63)) as u64);
    }
}

macro_rules! unsigned {
    ($($f:ident: $t:ty),*) => {$(
        fn $f(self, v: $t) -> Result<(), Error> {
            self.num(v as u64);
            Ok(())
        }
    )*};
}

macro_rules! signed {
    ($($f:ident: $t:ty),*) => {$(
        fn $f(self, v: $t) -> Result<(), Error> {
            self.signed(v as i64);
            Ok(())
        }
    )*};
}

impl ser::Serializer for &mut Writer {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Self;
    type SerializeTuple = Self;
    type SerializeTupleStruct = Self;
    type SerializeTupleVariant = Self;
    type SerializeMap = Self;
    type SerializeStruct = Self;
    type SerializeStructVariant = Self;

    unsigned!(serialize_u8: u8, serialize_u16: u16, serialize_u32: u32, serialize_u64: u64);
    signed!(serialize_i8: i8, serialize_i16: i16, serialize_i32: i32, serialize_i64: i64);

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.num(v as u64);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.num(v.to_bits() as u64);
        Ok(())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.num(v.to_bits());
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.num(v as u64);
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.num(v.len() as u64);
        self.0.push_str(v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        self.num(v.len() as u64);
        for b in v {
            self.num(*b as u64);
        }
        Ok(())
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.num(0);
        Ok(())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, v: &T) -> Result<(), Error> {
        self.num(1);
        v.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Ok(())
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result<(), Error> {
        Ok(())
    }
    fn serialize_unit_variant(self, _: &'static str, i: u32, _: &'static str) -> Result<(), Error> {
        self.num(i as u64);
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        v.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _: &'static str,
        i: u32,
        _: &'static str,
        v: &T,
    ) -> Result<(), Error> {
        self.num(i as u64);
        v.serialize(self)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Self, Error> {
        self.num(len.ok_or(Error)? as u64);
        Ok(self)
    }
    fn serialize_tuple(self, _: usize) -> Result<Self, Error> {
        Ok(self)
    }
    fn serialize_tuple_struct(self, _: &'static str, _: usize) -> Result<Self, Error> {
        Ok(self)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        i: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Error> {
        self.num(i as u64);
        Ok(self)
    }
    fn serialize_map(self, len: Option<usize>) -> Result<Self, Error> {
        self.num(len.ok_or(Error)? as u64);
        Ok(self)
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Error> {
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        i: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self, Error> {
        self.num(i as u64);
        Ok(self)
    }
}

macro_rules! compound {
    ($($t:ident: $f:ident),*) => {$(
        impl ser::$t for &mut Writer {
            type Ok = ();
            type Error = Error;
            fn $f<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
                v.serialize(&mut **self)
            }
            fn end(self) -> Result<(), Error> {
                Ok(())
            }
        }
    )*};
}

compound!(
    SerializeSeq: serialize_element,
    SerializeTuple: serialize_element,
    SerializeTupleStruct: serialize_field,
    SerializeTupleVariant: serialize_field
);

impl ser::SerializeMap for &mut Writer {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, k: &T) -> Result<(), Error> {
        k.serialize(&mut **self)
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, v: &T) -> Result<(), Error> {
        v.serialize(&mut **self)
    }
    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

macro_rules! fields {
    ($($t:ident),*) => {$(
        impl ser::$t for &mut Writer {
            type Ok = ();
            type Error = Error;
            fn serialize_field<T: Serialize + ?Sized>(
                &mut self,
                _: &'static str,
                v: &T,
            ) -> Result<(), Error> {
                v.serialize(&mut **self)
            }
            fn end(self) -> Result<(), Error> {
                Ok(())
            }
        }
    )*};
}

fields!(SerializeStruct, SerializeStructVariant);

struct Reader<'de> {
    rest: &'de str,
}

impl<'de> Reader<'de> {
    fn num(&mut self) -> Result<u64, Error> {
        let end = self.rest.find(',').ok_or(Error)?;
        let digits = &self.rest[..end];
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(Error);
        }
        let n = digits.parse().map_err(|_| Error)?;
        self.rest = &self.rest[end + 1..];
        Ok(n)
    }

    fn signed(&mut self) -> Result<i64, Error> {
        let z = self.num()?;
        Ok(((z >> 1) as i64) ^ -((z & 1) as i64))
    }

    fn len(&mut self) -> Result<usize, Error> {
        let n = usize::try_from(self.num()?).map_err(|_| Error)?;
        // Every item takes at least one byte: a longer claim is a lie.
        if n > self.rest.len() {
            return Err(Error);
        }
        Ok(n)
    }

    fn str(&mut self) -> Result<&'de str, Error> {
        let n = self.len()?;
        let s = self.rest.get(..n).ok_or(Error)?;
        self.rest = &self.rest[n..];
        Ok(s)
    }
}

macro_rules! read_unsigned {
    ($($f:ident: $t:ty => $v:ident),*) => {$(
        fn $f<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
            v.$v(<$t>::try_from(self.num()?).map_err(|_| Error)?)
        }
    )*};
}

macro_rules! read_signed {
    ($($f:ident: $t:ty => $v:ident),*) => {$(
        fn $f<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
            v.$v(<$t>::try_from(self.signed()?).map_err(|_| Error)?)
        }
    )*};
}

impl<'de> de::Deserializer<'de> for &mut Reader<'de> {
    type Error = Error;

    read_unsigned!(
        deserialize_u8: u8 => visit_u8,
        deserialize_u16: u16 => visit_u16,
        deserialize_u32: u32 => visit_u32,
        deserialize_u64: u64 => visit_u64
    );
    read_signed!(
        deserialize_i8: i8 => visit_i8,
        deserialize_i16: i16 => visit_i16,
        deserialize_i32: i32 => visit_i32,
        deserialize_i64: i64 => visit_i64
    );

    fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Error> {
        // The text does not say what it holds: only typed reads.
        Err(Error)
    }
    fn deserialize_bool<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self.num()? {
            0 => v.visit_bool(false),
            1 => v.visit_bool(true),
            _ => Err(Error),
        }
    }
    fn deserialize_f32<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let bits = u32::try_from(self.num()?).map_err(|_| Error)?;
        v.visit_f32(f32::from_bits(bits))
    }
    fn deserialize_f64<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_f64(f64::from_bits(self.num()?))
    }
    fn deserialize_char<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let c = u32::try_from(self.num()?).map_err(|_| Error)?;
        v.visit_char(char::from_u32(c).ok_or(Error)?)
    }
    fn deserialize_str<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_borrowed_str(self.str()?)
    }
    fn deserialize_string<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.deserialize_str(v)
    }
    fn deserialize_bytes<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let n = self.len()?;
        let mut bytes = Vec::with_capacity(n);
        for _ in 0..n {
            bytes.push(u8::try_from(self.num()?).map_err(|_| Error)?);
        }
        v.visit_byte_buf(bytes)
    }
    fn deserialize_byte_buf<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(v)
    }
    fn deserialize_option<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        match self.num()? {
            0 => v.visit_none(),
            1 => v.visit_some(self),
            _ => Err(Error),
        }
    }
    fn deserialize_unit<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        v.visit_unit()
    }
    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_unit()
    }
    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_newtype_struct(self)
    }
    fn deserialize_seq<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let n = self.len()?;
        v.visit_seq(Items { r: self, left: n })
    }
    fn deserialize_tuple<V: Visitor<'de>>(self, n: usize, v: V) -> Result<V::Value, Error> {
        v.visit_seq(Items { r: self, left: n })
    }
    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        n: usize,
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_seq(Items { r: self, left: n })
    }
    fn deserialize_map<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        let n = self.len()?;
        v.visit_map(Items { r: self, left: n })
    }
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_seq(Items {
            r: self,
            left: fields.len(),
        })
    }
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _: &'static str,
        _: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_enum(self)
    }
    fn deserialize_identifier<V: Visitor<'de>>(self, v: V) -> Result<V::Value, Error> {
        // A variant's index (a struct's fields go by order).
        v.visit_u32(u32::try_from(self.num()?).map_err(|_| Error)?)
    }
    fn deserialize_ignored_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, Error> {
        Err(Error)
    }
    fn is_human_readable(&self) -> bool {
        false
    }
}

/// The items of a sequence, tuple, struct or map: `left` more.
struct Items<'a, 'de> {
    r: &'a mut Reader<'de>,
    left: usize,
}

impl<'de> de::SeqAccess<'de> for Items<'_, 'de> {
    type Error = Error;
    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.r).map(Some)
    }
    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

impl<'de> de::MapAccess<'de> for Items<'_, 'de> {
    type Error = Error;
    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.r).map(Some)
    }
    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        seed.deserialize(&mut *self.r)
    }
}

impl<'de> de::EnumAccess<'de> for &mut Reader<'de> {
    type Error = Error;
    type Variant = Self;
    fn variant_seed<V: DeserializeSeed<'de>>(self, seed: V) -> Result<(V::Value, Self), Error> {
        let i = u32::try_from(self.num()?).map_err(|_| Error)?;
        let v = seed.deserialize(i.into_deserializer())?;
        Ok((v, self))
    }
}

impl<'de> de::VariantAccess<'de> for &mut Reader<'de> {
    type Error = Error;
    fn unit_variant(self) -> Result<(), Error> {
        Ok(())
    }
    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, Error> {
        seed.deserialize(self)
    }
    fn tuple_variant<V: Visitor<'de>>(self, n: usize, v: V) -> Result<V::Value, Error> {
        v.visit_seq(Items { r: self, left: n })
    }
    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        v: V,
    ) -> Result<V::Value, Error> {
        v.visit_seq(Items {
            r: self,
            left: fields.len(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    enum Message {
        Ping(u32),
        Think {
            request: u64,
            names: Vec<String>,
            level: Option<i8>,
            pair: (bool, char),
        },
        Stop,
        Pair(i64, f64),
    }

    #[test]
    fn values_read_back_as_they_were() {
        let cases = [
            Message::Ping(7),
            Message::Think {
                request: u64::MAX,
                names: vec!["Ann".into(), "Zoë, 李雷".into(), String::new()],
                level: Some(-3),
                pair: (true, 'é'),
            },
            Message::Stop,
            Message::Pair(i64::MIN, -0.1),
        ];
        for m in cases {
            let text = to_string(&m).unwrap();
            assert_eq!(from_str::<Message>(&text).unwrap(), m, "{text}");
        }
        assert_eq!(to_string(&Message::Ping(7)).unwrap(), "0,7,");
    }

    #[test]
    fn damaged_text_is_an_error_not_a_panic() {
        let text = to_string(&Message::Think {
            request: 1,
            names: vec!["Ann".into()],
            level: None,
            pair: (false, 'x'),
        })
        .unwrap();
        for cut in 0..text.len() {
            assert!(from_str::<Message>(&text[..cut]).is_err());
        }
        for bad in [
            "9,",
            "0,x,",
            "1,1,99999999999999999999,",
            "1,1,1,9,",
            "0,7,extra",
            "",
        ] {
            assert!(from_str::<Message>(bad).is_err(), "{bad}");
        }
    }
}
