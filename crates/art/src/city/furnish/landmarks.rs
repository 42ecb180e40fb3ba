//! The seven historic buildings of The City, each its own landmark: its
//! size on the tile and its drawing. Local x runs from the front (-x, where
//! a street leads in) to the back.

use super::paint::Out;
use crate::geometry::*;
use crate::Layer;
use engine::city::tiles::RegionIdx;

/// The half extents a landmark is drawn at, in its own design units.
pub(super) fn landmark_design(name: &str) -> (f32, f32) {
    match name {
        "Saint Sernin" => (15.5, 10.5),
        "Saint Nazaire" => (15.5, 9.0),
        "Château Comtal" => (14.3, 14.3),
        "Tour Carrée" => (8.0, 8.0),
        "Grand Puits" => (10.5, 10.5),
        "Petit Puits" => (7.5, 7.5),
        _ => (13.2, 9.8),
    }
}

/// The half extents a landmark takes on the tile.
pub(super) fn landmark_size(name: &str) -> (f32, f32) {
    let (w, h) = landmark_design(name);
    let k = match name {
        "Grand Puits" | "Petit Puits" => 1.2,
        "Château Comtal" => 1.3,
        "Tour Carrée" => 1.6,
        _ => 1.4,
    };
    (w * k, h * k)
}

/// The historic buildings, each its own landmark; local x runs from the front
/// (-x, where a street leads in) to the back.
pub(super) fn draw_landmark(out: &mut Out, region: RegionIdx, f: Frame, k: f32, name: &str) {
    out.solo = true;
    draw_landmark_parts(out, region, f, k, name);
    out.solo = false;
}

fn draw_landmark_parts(out: &mut Out, region: RegionIdx, f: Frame, k: f32, name: &str) {
    let r = Some(region);
    let t = Some(name);
    let b = Layer::Building;
    let f = Frame {
        c: f.c,
        u: mul(f.u, k),
    };
    let circle = |x: f32, y: f32, rad: f32| f.circle(x, y, rad * k);
    match name {
        "Saint Sernin" => {
            // Brick basilica: Latin cross, round apse, octagonal crossing tower.
            out.add(
                b,
                r,
                "art-paving",
                None,
                t,
                f.rect(-16.0, -11.0, 15.0, 11.0),
            );
            let mut roof = f.rect(-15.0, -4.6, 9.5, 4.6);
            roof.append(f.rect(0.0, -10.5, 7.0, 10.5));
            roof.append(circle(9.5, 0.0, 4.6));
            out.add(b, r, "art-brick", None, t, roof);
            let mut shade = f.rect(-15.0, 0.0, 0.0, 4.6);
            shade.append(f.rect(3.5, -10.5, 7.0, 10.5));
            shade.append(f.rect(7.0, 0.0, 9.5, 4.6));
            out.add(b, r, "art-hist-shade", None, t, shade);
            out.add(b, r, "art-stone", None, t, f.octagon(3.5, 0.0, 4.8));
            let a = 4.8 * 0.4142;
            let mut spire = f.poly(&[(8.3, -a), (8.3, a), (3.5, 0.0)]);
            spire.append(f.poly(&[(3.5 + a, 4.8), (3.5 - a, 4.8), (3.5, 0.0)]));
            spire.append(f.poly(&[(3.5 + a, 4.8), (8.3, a), (3.5, 0.0)]));
            out.add(b, r, "art-hist-shade", None, t, spire);
            out.add(
                Layer::Detail,
                r,
                "art-gold",
                None,
                t,
                f.octagon(3.5, 0.0, 0.9),
            );
        }
        "Saint Nazaire" => {
            // Gothic church: slate cross with a polygonal apse, buttresses,
            // and a square crenellated west tower.
            out.add(b, r, "art-paving", None, t, f.rect(-16.0, -9.5, 16.0, 9.5));
            let mut stone = f.rect(-15.5, -5.5, -8.0, 5.5);
            for x in [-4.5, -0.5, 10.5] {
                stone.append(f.rect(x - 0.9, -7.6, x + 0.9, -5.5));
                stone.append(f.rect(x - 0.9, 5.5, x + 0.9, 7.6));
            }
            out.add(b, r, "art-stone", None, t, stone);
            let mut roof = f.poly(&[
                (-8.0, -5.5),
                (12.0, -5.5),
                (14.6, -3.4),
                (15.5, 0.0),
                (14.6, 3.4),
                (12.0, 5.5),
                (-8.0, 5.5),
            ]);
            roof.append(f.rect(2.5, -9.0, 8.5, 9.0));
            out.add(b, r, "art-slate", None, t, roof);
            let mut shade = f.poly(&[
                (-8.0, 0.0),
                (15.5, 0.0),
                (14.6, 3.4),
                (12.0, 5.5),
                (-8.0, 5.5),
            ]);
            shade.append(f.rect(5.5, -9.0, 8.5, 9.0));
            shade.append(f.poly(&[(-14.0, 4.0), (-9.5, 4.0), (-11.75, 0.0)]));
            shade.append(f.poly(&[(-9.5, -4.0), (-9.5, 4.0), (-11.75, 0.0)]));
            out.add(b, r, "art-hist-shade", None, t, shade);
            out.add(
                Layer::Detail,
                r,
                "art-crenel",
                None,
                t,
                f.rect(-15.5, -5.5, -8.0, 5.5),
            );
            out.add(
                Layer::Detail,
                r,
                "art-gold",
                None,
                t,
                f.octagon(5.5, 0.0, 0.9),
            );
        }
        "Château Comtal" => {
            // Square castle: curtain wall, courtyard, keep, round corner towers.
            out.add(
                b,
                r,
                "art-paving",
                None,
                t,
                f.rect(-12.5, -12.5, 12.5, 12.5),
            );
            let mut wall = f.rect(-10.0, -10.0, 10.0, 10.0);
            wall.append(f.rect(-6.8, -6.8, 6.8, 6.8));
            out.add(b, r, "art-court", None, t, f.rect(-7.0, -7.0, 7.0, 7.0));
            out.add(b, r, "art-wall", None, t, wall);
            out.add(b, r, "art-slate", None, t, f.rect(-1.0, -6.8, 6.8, 2.0));
            let mut towers = Path::default();
            let mut cones = Path::default();
            let mut shade = f.rect(-1.0, -2.4, 6.8, 2.0);
            for (x, y) in [
                (-10.0f32, -10.0f32),
                (10.0, -10.0),
                (10.0, 10.0),
                (-10.0, 10.0),
                (-10.0, -3.2),
                (-10.0, 3.2),
            ] {
                let big = x > 0.0 || y.abs() > 5.0;
                towers.append(circle(x, y, if big { 4.2 } else { 2.8 }));
                cones.append(f.octagon(x, y, if big { 3.0 } else { 2.0 }));
                let q = if big { 3.0 } else { 2.0 };
                shade.append(f.poly(&[(x + q, y), (x + q * 0.7, y + q * 0.7), (x, y + q), (x, y)]));
            }
            out.add(b, r, "art-stone", None, t, towers);
            out.add(b, r, "art-slate", None, t, cones);
            out.add(b, r, "art-hist-shade", None, t, shade);
            out.add(
                Layer::Detail,
                r,
                "art-crenel",
                None,
                t,
                f.rect(-10.0, -10.0, 10.0, 10.0),
            );
        }
        "Tour Carrée" => {
            // A square tower on a stretch of wall, crenellated, pyramid roof.
            out.add(b, r, "art-paving", None, t, f.rect(-8.0, -7.5, 8.0, 7.5));
            let mut stone = f.rect(-8.0, -2.0, 8.0, 2.0);
            stone.append(f.rect(-6.0, -6.0, 6.0, 6.0));
            out.add(b, r, "art-stone", None, t, stone);
            out.add(b, r, "art-slate", None, t, f.rect(-4.2, -4.2, 4.2, 4.2));
            let mut shade = f.poly(&[(-4.2, 4.2), (4.2, 4.2), (0.0, 0.0)]);
            shade.append(f.poly(&[(4.2, -4.2), (4.2, 4.2), (0.0, 0.0)]));
            out.add(b, r, "art-hist-shade", None, t, shade);
            let mut cren = f.rect(-6.0, -6.0, 6.0, 6.0);
            cren.append(Path::line(&[f.at(-8.0, -2.0), f.at(-6.0, -2.0)]));
            cren.append(Path::line(&[f.at(6.0, -2.0), f.at(8.0, -2.0)]));
            out.add(Layer::Detail, r, "art-crenel", None, t, cren);
            out.add(
                Layer::Detail,
                r,
                "art-gold",
                None,
                t,
                f.octagon(0.0, 0.0, 0.8),
            );
        }
        "Grand Puits" | "Petit Puits" => {
            // A well on a paved round: stone rim, water, iron frame.
            let grand = name == "Grand Puits";
            let s = if grand { 1.0 } else { 0.72 };
            out.add(b, r, "art-paving", None, t, circle(0.0, 0.0, 10.2 * s));
            out.add(b, r, "art-stone", None, t, circle(0.0, 0.0, 6.0 * s));
            out.add(b, r, "art-water", None, t, circle(0.0, 0.0, 3.8 * s));
            let q = 5.2 * s;
            let mut iron = Path::line(&[f.at(-q, -q), f.at(q, q)]);
            if grand {
                iron.append(Path::line(&[f.at(-q, q), f.at(q, -q)]));
            }
            out.add(Layer::Detail, r, "art-iron", None, t, iron);
            let mut posts = f.octagon(-q, -q, 1.2);
            posts.append(f.octagon(q, q, 1.2));
            if grand {
                posts.append(f.octagon(-q, q, 1.2));
                posts.append(f.octagon(q, -q, 1.2));
            }
            out.add(Layer::Detail, r, "art-stone", None, t, posts);
        }
        _ => {
            // Bâtiment: a grand hall round a courtyard open to the front.
            let hall = f.poly(&[
                (-12.0, -9.0),
                (12.0, -9.0),
                (12.0, 9.0),
                (-12.0, 9.0),
                (-12.0, 3.6),
                (4.5, 3.6),
                (4.5, -3.6),
                (-12.0, -3.6),
            ]);
            out.add(b, r, "art-paving", None, t, f.rect(-12.5, -9.5, 12.5, 9.5));
            out.add(b, r, "art-hall", None, t, hall);
            let mut shade = f.rect(-12.0, -6.3, 12.0, -3.6);
            shade.append(f.rect(-12.0, 6.3, 12.0, 9.0));
            shade.append(f.rect(8.25, -3.6, 12.0, 3.6));
            out.add(b, r, "art-hist-shade", None, t, shade);
            out.add(b, r, "art-stone", None, t, circle(10.4, -7.0, 2.8));
            out.add(b, r, "art-slate", None, t, f.octagon(10.4, -7.0, 1.9));
            out.add(
                Layer::Detail,
                r,
                "art-water",
                None,
                t,
                circle(-4.0, 0.0, 1.6),
            );
        }
    }
}
