//! Mounts a part of the extras module (view/extras.rs names them) into the
//! host the page made for it (ui/extras.rs); called by src/bin/extras.rs.

pub use crate::view::extras::Part;

/// Mount `part` into `host` (in the extras module); `on_event` hears what
/// the page must know ("close"). Returns what unmounts it.
pub fn mount(
    host: web_sys::Element,
    part: &Part,
    on_event: yew::Callback<String>,
) -> Box<dyn FnOnce()> {
    use yew::Renderer;
    let close = on_event.reform(|_: ()| crate::view::extras::CLOSE.to_string());
    match part {
        Part::Help { ruleset, coins } => {
            let props = super::help::HelpProps {
                ruleset: *ruleset,
                coins: *coins,
                on_close: close,
            };
            let app = Renderer::<super::help::Help>::with_root_and_props(host, props).render();
            Box::new(move || app.destroy())
        }
        Part::Pictures { link, seats } => {
            let props = super::game_pictures::PicturesPartProps {
                link: link.clone().into(),
                seats: seats.clone().into(),
            };
            let app =
                Renderer::<super::game_pictures::PicturesPart>::with_root_and_props(host, props)
                    .render();
            Box::new(move || app.destroy())
        }
        Part::Review {
            link,
            seats,
            text_view,
            coords,
        } => {
            let props = super::review_app::ReviewAppProps {
                link: link.clone().into(),
                seats: seats.clone().into(),
                text_view: *text_view,
                coords: *coords,
                on_close: close,
            };
            let app =
                Renderer::<super::review_app::ReviewApp>::with_root_and_props(host, props).render();
            Box::new(move || app.destroy())
        }
        Part::Key { ruleset, coins } => {
            let props = super::legend::KeyDialogProps {
                ruleset: *ruleset,
                coins: *coins,
                on_close: close,
            };
            let app =
                Renderer::<super::legend::KeyDialog>::with_root_and_props(host, props).render();
            Box::new(move || app.destroy())
        }
        Part::TilesLeft { link } => {
            let props = super::tiles_left::TilesLeftPartProps {
                link: link.clone().into(),
                on_close: close,
            };
            let app =
                Renderer::<super::tiles_left::TilesLeftPart>::with_root_and_props(host, props)
                    .render();
            Box::new(move || app.destroy())
        }
        Part::GameOver { link, seats } => {
            let props = super::game_over::GameOverPartProps {
                link: link.clone().into(),
                seats: seats.clone().into(),
                on_event,
            };
            let app = Renderer::<super::game_over::GameOverPart>::with_root_and_props(host, props)
                .render();
            Box::new(move || app.destroy())
        }
        Part::Import => {
            let props = super::import_part::ImportPartProps { on_event };
            let app = Renderer::<super::import_part::ImportPart>::with_root_and_props(host, props)
                .render();
            Box::new(move || app.destroy())
        }
        Part::Stats => {
            let props = super::stats_dialog::StatsDialogProps { on_close: close };
            let app =
                Renderer::<super::stats_dialog::StatsDialog>::with_root_and_props(host, props)
                    .render();
            Box::new(move || app.destroy())
        }
    }
}
