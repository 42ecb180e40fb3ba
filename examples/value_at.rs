//! Debug: every placement at a record's last turn with its immediate
//! gain and its review value (`review::value_moves`).
use computer::review::value_moves;
use computer::{Move, Playable};
use engine::TileGame;
use formats::notation;

fn main() {
    let path = std::env::args().nth(1).unwrap();
    let rec = notation::read(&std::fs::read_to_string(path).unwrap())
        .unwrap()
        .game;
    let g = rec.as_classic().unwrap().clone();
    let n = (0..g.history().len())
        .rev()
        .find(|&k| g.at(k).at_placement())
        .unwrap();
    let at = g.at(n);
    let me = at.to_move() as usize;
    let mut rows = Vec::new();
    for c in at.legal_choices() {
        let mut h = at.clone();
        h.play(c).unwrap();
        let none = h.legal_choices()[0];
        let mut k = h.clone();
        k.play(none).unwrap();
        let gain = k.scores()[me] as i64 - at.scores()[me] as i64;
        rows.push((c, none, gain));
    }
    rows.sort_by_key(|r| -r.2);
    let moves: Vec<Move<_>> = rows
        .iter()
        .take(6)
        .map(|r| Move {
            first: r.0,
            then: Some(r.1),
            value: 0.0,
        })
        .collect();
    let v = value_moves(
        &at,
        &moves,
        256,
        &<engine::classic::Game as Playable>::REVIEW,
        7,
    );
    for (r, v) in rows.iter().zip(v) {
        println!("{:?} gain {} value {:.2}", r.0, r.2, v);
    }
    println!("tiles left {}", at.tiles_left());
}
