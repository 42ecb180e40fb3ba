use super::*;

/// The modules the path draws, read back from the path alone (as a
/// browser fills it): one cell per module, quiet zone included.
fn raster(qr: &Qr) -> Vec<bool> {
    let n = qr.size();
    let mut cells = vec![false; n * n];
    let path = qr.path();
    for rect in path.split('z').filter(|r| !r.is_empty()) {
        // "M{x} {y}h{run}v1h-{run}"
        let rest = rect.strip_prefix('M').expect("a move first");
        let (xy, rest) = rest.split_once('h').unwrap();
        let (x, y) = xy.split_once(' ').unwrap();
        let (run, rest) = rest.split_once('v').unwrap();
        let (x, y, run): (usize, usize, usize) =
            (x.parse().unwrap(), y.parse().unwrap(), run.parse().unwrap());
        assert_eq!(rest, format!("1h-{run}"));
        for k in x..x + run {
            assert!(!cells[y * n + k], "drawn twice at {k},{y}");
            cells[y * n + k] = true;
        }
    }
    cells
}

/// The path drawn at `px` pixels a module, dark 0 on light 255, read by
/// a QR reader (rqrr): the text it holds.
fn read(qr: &Qr, px: usize) -> String {
    let cells = raster(qr);
    let n = qr.size();
    let w = n * px;
    let mut img = rqrr::PreparedImage::prepare_from_greyscale(w, w, |x, y| {
        if cells[(y / px) * n + x / px] {
            0
        } else {
            255
        }
    });
    let grids = img.detect_grids();
    assert_eq!(grids.len(), 1, "one code found");
    grids[0].decode().expect("the code reads").1
}

#[test]
fn the_drawing_reads_back_as_the_exact_link() {
    let links = [
        // An invitation on a typical host (measured lengths: docs/live-play.md).
        "https://carcassonne.example/#IAsBgAABA0FubgNCb2JhbmQ8dNB1E3QHOBIZp8v8vIhKrDnCyIKH2mn2N2Z7TgAmS1qq0_YmjN0TIG5_sF8-l2Nd9Hh5sRJ9Fw".to_string(),
        // A long reconnecting link, and every byte value a URL may hold.
        format!("http://127.0.0.1:8080/?seats=red,blue#{}~{}", "A".repeat(200), "z_-9".repeat(20)),
        "x".to_string(),
    ];
    for link in &links {
        let qr = Qr::new(link).unwrap();
        assert_eq!(qr.modules, 17 + 4 * qr.version as usize);
        assert_eq!(read(&qr, 4), *link);
        assert_eq!(read(&qr, 3), *link);
        // The path draws exactly the code's dark modules, none in the
        // quiet zone.
        let cells = raster(&qr);
        let n = qr.size();
        for y in 0..n {
            for x in 0..n {
                assert_eq!(cells[y * n + x], qr.dark(x, y));
                if x < QUIET || y < QUIET || x >= n - QUIET || y >= n - QUIET {
                    assert!(!cells[y * n + x]);
                }
            }
        }
        assert_eq!(qr.view_box(), format!("0 0 {n} {n}"));
    }
}

#[test]
fn a_link_of_150_characters_fits_a_phone_screen() {
    // Version 8 at level M holds 152 bytes: 49 modules, 57 with the quiet
    // zone, so 6.3 pixels a module in 360 pixels; at most 90 modules fit
    // at 4 pixels a module (version 16, 300 characters).
    let qr = Qr::new(&"h".repeat(150)).unwrap();
    assert!(qr.version <= 8, "version {}", qr.version);
    assert!(360 / qr.size() >= 6);
    let long = Qr::new(&"h".repeat(300)).unwrap();
    assert!(360 / long.size() >= 4, "{} modules", long.size());
    assert_eq!(Qr::new(&"h".repeat(3000)), None, "too long for any version");
}
