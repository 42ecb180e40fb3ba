//! Mounts a part of the extras module (view/extras.rs names them) into the
//! host the page made for it (ui/extras.rs); called by src/bin/extras.rs.

use yew::{BaseComponent, Renderer};

use super::game_over::{GameOverPart, GameOverPartProps};
use super::game_pictures::{PicturesPart, PicturesPartProps};
use super::help::{Help, HelpProps};
use super::import_part::{ImportPart, ImportPartProps};
use super::legend::{KeyDialog, KeyDialogProps};
use super::review_app::{ReviewApp, ReviewAppProps};
use super::stats_dialog::{StatsDialog, StatsDialogProps};
use super::tiles_left::{TilesLeftPart, TilesLeftPartProps};
pub use view::extras::Part;

/// Renders component `C` into `host`; returns what unmounts it.
fn render<C: BaseComponent>(host: web_sys::Element, props: C::Properties) -> Box<dyn FnOnce()> {
    let app = Renderer::<C>::with_root_and_props(host, props).render();
    Box::new(move || app.destroy())
}

/// Mount `part` into `host` (in the extras module); `on_event` hears what
/// the page must know ("close", and the events of `view::extras`). Returns
/// what unmounts it.
pub fn mount(
    host: web_sys::Element,
    part: &Part,
    on_event: yew::Callback<String>,
) -> Box<dyn FnOnce()> {
    let on_close = on_event.reform(|_: ()| view::extras::CLOSE.to_string());
    match part {
        Part::Help { ruleset, coins } => render::<Help>(
            host,
            HelpProps {
                ruleset: *ruleset,
                coins: *coins,
                on_close,
            },
        ),
        Part::Pictures { link, seats } => render::<PicturesPart>(
            host,
            PicturesPartProps {
                link: link.clone().into(),
                seats: seats.clone().into(),
            },
        ),
        Part::Key { ruleset, coins } => render::<KeyDialog>(
            host,
            KeyDialogProps {
                ruleset: *ruleset,
                coins: *coins,
                on_close,
            },
        ),
        Part::TilesLeft { link } => render::<TilesLeftPart>(
            host,
            TilesLeftPartProps {
                link: link.clone().into(),
                on_close,
            },
        ),
        Part::GameOver { link, seats } => render::<GameOverPart>(
            host,
            GameOverPartProps {
                link: link.clone().into(),
                seats: seats.clone().into(),
                on_event,
            },
        ),
        Part::Import => render::<ImportPart>(host, ImportPartProps { on_event }),
        Part::Review {
            link,
            seats,
            text_view,
            coords,
        } => render::<ReviewApp>(
            host,
            ReviewAppProps {
                link: link.clone().into(),
                seats: seats.clone().into(),
                text_view: *text_view,
                coords: *coords,
                on_close,
            },
        ),
        Part::Stats => render::<StatsDialog>(host, StatsDialogProps { on_close }),
    }
}
