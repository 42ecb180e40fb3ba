//! How to play, briefly, in our own words, with pictures drawn from the
//! game's own tiles and pieces, and the key to the tile art.

use yew::prelude::*;

use super::legend::legend;
use super::modal::Modal;
use super::pieces_layer::{gate, meeple, tower, wall_piece};
use super::tile_art::tile_picture;
use crate::engine::any::Ruleset;
use crate::engine::city::tiles::Catalogue;
use crate::engine::core::geom::{Cell, Dir, Rotation, Side, Vertex};
use crate::view::geometry::{tile_transform, vertex_point};
use crate::view::palette::PlayerColour;

/// Tiles of the catalogue laid out as on the board: (id, x, y, turns).
fn tiles(cat: &Catalogue, layout: &[(&str, i32, i32, u8)]) -> Html {
    html! {
        { for layout.iter().filter_map(|&(id, x, y, q)| {
            let t = cat.by_id(id)?;
            let rot = Rotation::new(q)?;
            Some(html! {
                <g transform={tile_transform(Cell::new(x, y), rot)}>{ tile_picture(Ruleset::City, t) }</g>
            })
        }) }
    }
}

#[derive(Properties, PartialEq)]
pub struct HelpProps {
    /// The game to explain first (the other is a click away).
    #[prop_or(Ruleset::City)]
    pub ruleset: Ruleset,
    pub on_close: Callback<()>,
}

#[function_component(Help)]
pub fn help(props: &HelpProps) -> Html {
    let close = props.on_close.reform(|_: MouseEvent| ());
    let shown = use_state(|| props.ruleset);
    let pick = |r: Ruleset| {
        let shown = shown.clone();
        Callback::from(move |_: MouseEvent| shown.set(r))
    };
    let tabs = html! {
        <div class="help-games" role="group" aria-label="Which game">
            { for Ruleset::ALL.iter().map(|&r| html! {
                <button class={classes!("small", (*shown != r).then_some("quiet"))} aria-pressed={(*shown == r).to_string()}
                    data-testid={format!("help-{}", r.name())} onclick={pick(r)}>{ r.title() }</button>
            }) }
        </div>
    };
    if *shown == Ruleset::Classic {
        return classic_help(tabs, props.on_close.clone(), close);
    }
    let Ok(cat) = Catalogue::builtin() else {
        return html! {};
    };
    let (red, blue) = (PlayerColour::Red, PlayerColour::Blue);
    // A street over two tiles with a citizen on it, and a market beside.
    let turn = html! {
        <svg class="help-picture" viewBox="-4 -4 308 108" role="img"
            aria-label="Three tiles: a street runs across two of them with a red citizen on it; the third shows a fish market.">
            { tiles(cat, &[("S2", 0, 0, 0), ("S2", 1, 0, 0), ("N1", 2, 0, 0)]) }
            { meeple((100.0, 50.0), red, 1.0, classes!("follower"), false) }
        </svg>
    };
    // Four tiles walled on two sides from the gate, a guard and a tower.
    let n = Side::new(Cell::new(0, 0), Dir::N);
    let wall = html! {
        <svg class="help-picture" viewBox="-30 -40 260 240" role="img"
            aria-label="Four tiles with a wall along their north and east sides, the gate on the north side, a blue guard on a wall piece and a red tower at the end of the wall.">
            { tiles(cat, &[("S1", 0, 0, 1), ("T2", 1, 0, 0), ("N9", 0, 1, 0), ("D1", 1, 1, 2)]) }
            { gate(n) }
            { wall_piece(Side::new(Cell::new(1, 0), Dir::N), 1) }
            { wall_piece(Side::new(Cell::new(1, 0), Dir::E), 2) }
            { wall_piece(Side::new(Cell::new(1, 1), Dir::E), 3) }
            { meeple((208.0, 50.0), blue, 0.8, classes!("guard"), false) }
            { tower(vertex_point(Vertex::new(2, 2)), red, 3) }
        </svg>
    };
    let paras =
        |list: &[&'static str]| html! { { for list.iter().map(|t| html! { <p>{ *t }</p> }) } };
    html! {
        <Modal title="How to play" on_close={props.on_close.clone()} testid="help" class="help" close_outside=true>
            { tabs }
            { paras(&[INTRO]) }
            <h3>{ "Your turn" }</h3>
            { turn }
            <ol>{ for TURN.iter().map(|t| html! { <li>{ *t }</li> }) }</ol>
            <h3>{ "What the tiles show" }</h3>
            { legend() }
            <h3>{ "The wall" }</h3>
            { wall }
            { paras(&[WALL]) }
            <h3>{ "The end" }</h3>
            { paras(&[END]) }
            <h3>{ "Playing the computer" }</h3>
            { paras(&[COMPUTER]) }
            <h3>{ "Controls" }</h3>
            <ul class="keys">
                { for KEYS.iter().map(|(k, t)| html! { <li><kbd>{ *k }</kbd>{ " " }{ *t }</li> }) }
            </ul>
            <div class="dialog-buttons">
                <button class="primary" data-testid="close-help" onclick={close}>{ "Back to the game" }</button>
            </div>
        </Modal>
    }
}

const INTRO: &str = "Together you build one walled town, tile by tile. Whoever has the most points when the town is finished wins.";

const TURN: [&str; 3] = [
    "Place the tile you drew next to the town. Only streets must line up: a street must meet a street, and a side without a street must meet a side without one.",
    "You may put one follower on a feature of that tile that nobody occupies yet: a citizen on a street, a seller on a market, a steward on a residential area.",
    "A finished street scores 1 point per tile (2 per tile from 4 tiles on); a finished market scores its tiles times its kinds of goods. The players with the most followers on it score, and the followers come home.",
];

// The pieces a round holds: R6.3 (with R6.4's order, R6.5's gate); no
// guard opposite a guard: R8.3, R8.4.
const WALL: &str = "From the second stack on, a turn that finishes a street or market starts a wall round: one piece at a time, starting with the builder and going round the table, everyone adds wall pieces around the outline of the town (the first round begins with the gate). In a round each player adds 1 piece when the tile that started it came from stack II, 2 when it came from stack III; with 2 players, 2 and 4. After each piece you may post a guard on it: at the end it scores the public and historic buildings in the row or column of tiles behind it. No guard may go opposite another: not on a piece whose row or column ends, across the town, at a wall piece with a guard on it, whoever's. At the end of the round the builder may put a tower on an end of the wall: it scores 1 point per piece back to the previous tower or the gate.";

const END: &str = "The game ends when the wall is closed, the wall pieces run out, the gap in the wall is 5 or less, or the tiles run out. Then stewards score 2 points for every market next to their residential area, and guards score 2 for each public and 3 for each historic building in their line. “Final now” beside each score is what it would be if the game ended at once.";

const COMPUTER: &str = "Any seat can be played by the computer (easy, normal or hard) — or every seat, to watch a game, with a speed setting and a pause button. On your turn, “Hint” shows what the computer would do. Undo takes back the computer's replies too, back to your last decision; in a game from a link, not past the moves it came with.";

/// The controls: a key (or gesture) and what it does.
const KEYS: [(&str, &str); 7] = [
    ("Click or tap", "a glowing space to try the tile there, again (or R, or a right click) to turn it; Enter or “Place tile” places it, Esc takes it back."),
    ("Tab", "moves between the board and the buttons. On the board the arrow keys go from space to space (or target to target), Enter takes the one in focus, N says no (follower, guard, tower)."),
    ("Drag", "or WASD (or the arrows, off the board) pans; the wheel, a pinch or + − zoom; F fits the town in view; C shows the coordinates."),
    ("Ctrl+Z", "takes back the last decision."),
    ("Text view", "describes the game in words and takes moves typed in (for screen readers)."),
    ("Replay", "steps through the game with ← and →; Esc goes back to it. Games are saved as you play."),
    ("?", "opens this page."),
];

/// How to play classic Carcassonne, with The City Gates and Old City.
fn classic_help(tabs: Html, on_close: Callback<()>, close: Callback<MouseEvent>) -> Html {
    let list = |items: &[&'static str]| html! { <ul>{ for items.iter().map(|t| html! { <li>{ *t }</li> }) }</ul> };
    html! {
        <Modal title="How to play" on_close={on_close} testid="help" class="help" close_outside=true>
            { tabs }
            <p data-testid="help-classic">{ CLASSIC_INTRO }</p>
            <h3>{ "Your turn" }</h3>
            <ol>{ for CLASSIC_TURN.iter().map(|t| html! { <li>{ *t }</li> }) }</ol>
            <h3>{ "Scoring" }</h3>
            { list(&CLASSIC_SCORING) }
            <h3>{ "The City Gates" }</h3>
            <p>{ CLASSIC_GATES }</p>
            <h3>{ "Old City" }</h3>
            { list(&CLASSIC_OLD_CITY) }
            <h3>{ "Controls" }</h3>
            <p>{ CLASSIC_CONTROLS }</p>
            <div class="dialog-buttons">
                <button class="primary" data-testid="close-help" onclick={close}>{ "Back to the game" }</button>
            </div>
        </Modal>
    }
}

const CLASSIC_INTRO: &str = "Together you lay a landscape of roads, cities, cloisters and fields, tile by tile, and score the features your followers hold. The most points when the tiles run out wins.";

const CLASSIC_TURN: [&str; 3] = [
    "Place the tile you drew beside the tiles on the table so that every side matches its neighbour: road to road, city to city, field to field. A tile that fits nowhere is put aside and you draw another.",
    "You may put one follower on a feature of that tile nobody holds yet: a thief on a road, a knight in a city, a monk in a cloister, or a farmer lying in a field. Features joined later may end up with several followers.",
    "A road or city finished by your tile scores at once, and so does a cloister with all eight tiles round it; its followers come home. Whoever has the most followers on a feature scores it; a tie scores for everyone tied.",
];

const CLASSIC_SCORING: [&str; 4] = [
    "A finished road: 1 point per tile. A finished city: 2 per tile and 2 per pennant (a city of 2 tiles may score less, as the game's options say).",
    "A finished cloister: 9 points (the cloister and its 8 neighbours).",
    "At the end, what is unfinished scores 1 per tile (and per pennant) and a cloister 1 per tile round it and itself.",
    "Farmers stay in their fields until the end, then score 3 for each finished city next to their field (other editions' farm rules are in the new-game options).",
];

const CLASSIC_GATES: &str = "24 more tiles. A city gate closes its city's side and ends the road that meets it; a bridge carries a road over a city. A city of 4 gates scores 4 at once.";

const CLASSIC_OLD_CITY: [&str; 5] = [
    "Proportional scoring: every follower in a feature scores its share of the points, rounded up; the plaza city scores 3 a tile.",
    "Wood: once each, a bridge, a wall or a wooden gate mends a placement that would not fit. The board shows the wood on the tile you try, and the tile's panel says what it mends.",
    "Coins: finishing a city with pennants takes coins from the supply; coins are points at the end.",
    "The guesthouse: once a game, on an open road of the tile you placed. That road scores 2 a tile when finished, and nothing if it is unfinished at the end.",
    "The wyvern: placing a tile with a pennant sends the wyvern to a tile with a follower on an unfinished feature. That follower is veiled (it counts for nobody) while the wyvern stays, and the wyvern's tile scores nothing in a finished road or city.",
];

const CLASSIC_CONTROLS: &str = "Click or tap a glowing space to try the tile, again (or R) to turn it, then Enter or “Place tile”. Then click a ring for a follower, a road for the guesthouse or a glowing tile for the wyvern, or use the prompt's buttons (N says no). The arrow keys go from target to target and Enter takes it; Ctrl+Z undoes. Hint, replay, saves, records and links work as in The City.";
