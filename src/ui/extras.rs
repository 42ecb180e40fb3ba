//! The extras: parts of the app that few visits need, or not at once (How
//! to play, the key, the tiles left, the import dialog, the end of the
//! game with its pictures, the statistics, the game review). Their code is
//! a chunk of the build (`chunks::extras`, docs/loading.md), fetched the
//! first time one is shown: [`ExtrasHost`] shows "Loading…" until then, and
//! from then on draws the part in place like any component. The chunk is
//! precached by the service worker like every file of the build, so the
//! parts work offline; a chunk that could not be fetched says so (a dialog
//! with Close), and the next time tries again.

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use engine::any::{AnyGame, Ruleset};
use i18n::{msg, Language};
use view::palette::Seat;

/// One part of the extras.
#[derive(Clone, Debug)]
pub enum Part {
    /// How to play, showing `ruleset` first; `coins`: the game in play has
    /// Old City's coins.
    Help { ruleset: Ruleset, coins: bool },
    /// The game in pictures.
    Pictures {
        game: Rc<AnyGame>,
        seats: Rc<Vec<Seat>>,
    },
    /// The statistics of the saved games.
    Stats,
    /// The key to the tile art and the pieces, as a dialog.
    Key { ruleset: Ruleset, coins: bool },
    /// The tiles left in the pile, as a dialog.
    /// (`known`: the tile in hand is the game's; a fair game's stand-in
    /// counts with the pile.)
    TilesLeft { game: Rc<AnyGame>, known: bool },
    /// The end of the game, as a dialog; its buttons tell the page
    /// [`PartEvent::Export`], [`PartEvent::New`], [`PartEvent::Review`], [`PartEvent::City3d`] or
    /// [`PartEvent::Close`] ("Look at the board", Esc).
    GameOver {
        game: Rc<AnyGame>,
        seats: Rc<Vec<Seat>>,
    },
    /// The dialog that opens a game record: [`PartEvent::Open`] with its game.
    Import,
    /// The game review; the board beside it with the text view open or the
    /// coordinates shown as the player had them.
    Review {
        game: Rc<AnyGame>,
        seats: Rc<Vec<Seat>>,
        text_view: bool,
        coords: bool,
    },
    /// The puzzles (issue 40: ui/puzzles_app.rs).
    Puzzles { text_view: bool, coords: bool },
}

impl PartialEq for Part {
    // Games and seats by address: they are replaced, never changed.
    fn eq(&self, other: &Part) -> bool {
        use Part::*;
        match (self, other) {
            (
                Help {
                    ruleset: a,
                    coins: b,
                },
                Help {
                    ruleset: c,
                    coins: d,
                },
            )
            | (
                Key {
                    ruleset: a,
                    coins: b,
                },
                Key {
                    ruleset: c,
                    coins: d,
                },
            ) => (a, b) == (c, d),
            (Pictures { game: a, seats: b }, Pictures { game: c, seats: d })
            | (GameOver { game: a, seats: b }, GameOver { game: c, seats: d }) => {
                Rc::ptr_eq(a, c) && Rc::ptr_eq(b, d)
            }
            (TilesLeft { game: a, known: b }, TilesLeft { game: c, known: d }) => {
                Rc::ptr_eq(a, c) && b == d
            }
            (Stats, Stats) | (Import, Import) => true,
            (
                Puzzles {
                    text_view: a,
                    coords: b,
                },
                Puzzles {
                    text_view: c,
                    coords: e,
                },
            ) => (a, b) == (c, e),
            (
                Review {
                    game: a,
                    seats: b,
                    text_view: e,
                    coords: f,
                },
                Review {
                    game: c,
                    seats: d,
                    text_view: g,
                    coords: h,
                },
            ) => Rc::ptr_eq(a, c) && Rc::ptr_eq(b, d) && (e, f) == (g, h),
            _ => false,
        }
    }
}

/// What a part tells the page.
#[derive(Clone, Debug)]
pub enum PartEvent {
    /// Its dialog closed (or the review did).
    Close,
    /// The end of the game: save the game's record.
    Export,
    /// The end of the game: a new game.
    New,
    /// The end of the game: review it.
    Review,
    /// The end of the game: see the board in 3-D (ui/city3d_host.rs).
    City3d,
    /// The import dialog read this game (and closes).
    Open(Rc<AnyGame>),
}

/// How the chunk draws a part: `part`, telling the page through `on_event`.
pub type DrawPart = fn(&Part, &Callback<PartEvent>) -> Html;

thread_local! {
    /// The chunk's drawing function, once the chunk is here.
    static DRAW: Cell<Option<DrawPart>> = const { Cell::new(None) };
}

#[derive(Properties, PartialEq)]
pub struct ExtrasHostProps {
    pub part: Part,
    pub on_event: Callback<PartEvent>,
    /// A dialog part: while it loads, a small "Loading…" note at the top of
    /// the window (not in the page's flow), and if it cannot be loaded, the
    /// reason with a Close button.
    #[prop_or_default]
    pub dialog: bool,
    #[prop_or_default]
    pub testid: Option<AttrValue>,
    /// The language the part speaks: the page's (a new one draws it again).
    #[prop_or_else(i18n::current)]
    pub lang: Language,
}

/// Where the chunk stands, for this host.
#[derive(Clone, Copy, PartialEq)]
enum Stage {
    Loading,
    /// Here: `DRAW` holds how to draw the parts.
    Here,
    Failed,
}

/// A part of the extras, drawn once its chunk is here.
#[function_component(ExtrasHost)]
pub fn extras_host(props: &ExtrasHostProps) -> Html {
    let stage = use_state(|| DRAW.with(Cell::get).map_or(Stage::Loading, |_| Stage::Here));
    {
        let stage = stage.clone();
        use_effect_with((), move |_| {
            if *stage == Stage::Loading {
                wasm_bindgen_futures::spawn_local(async move {
                    match super::chunks::extras().await {
                        Ok(draw) => {
                            DRAW.with(|d| d.set(Some(draw)));
                            stage.set(Stage::Here);
                        }
                        Err(_) => stage.set(Stage::Failed),
                    }
                });
            }
        });
    }
    let toast = props.dialog.then_some("extras-toast");
    let part = match (*stage, DRAW.with(Cell::get)) {
        (Stage::Here, Some(draw)) => draw(&props.part, &props.on_event),
        (Stage::Loading | Stage::Here, _) => html! {
            <p class={classes!("extras-status", toast)} role="status">{ msg::extras::loading() }</p>
        },
        (Stage::Failed, _) => {
            let close = props.on_event.reform(|_: MouseEvent| PartEvent::Close);
            html! {
                <div class={classes!("extras-status", toast)} role="alert" data-testid="extras-failed">
                    <p>{ msg::extras::failed(msg::extras::no_reason()) }</p>
                    if props.dialog {
                        <button class="small" onclick={close}>{ msg::extras::close() }</button>
                    }
                </div>
            }
        }
    };
    html! {
        <div class="extras-host" data-testid={props.testid.clone()}>{ part }</div>
    }
}
