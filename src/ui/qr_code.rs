//! A link's QR code on the page (issue 37: live play's invitation and
//! answer), for the other device's camera: a phone's camera app opens the
//! link, so the app needs no scanner. The code is made by `view::qr` in a
//! chunk of its own (`chunks::qr`, docs/loading.md), fetched the first
//! time a code is shown; until then, and if it cannot come, the link
//! beside it is the way (nothing is lost but the picture).
//!
//! Drawn black on white whatever the theme (a camera needs dark modules
//! on a light ground), its quiet zone included, at least 4 CSS pixels a
//! module (a 360-pixel phone shows a 150-character link at 5.7), with a
//! button that enlarges it to fill the screen for a camera held further
//! away. Its text alternative names it as the link's code; the link itself
//! is in the field beside it.

use std::cell::Cell;

use yew::prelude::*;

use i18n::msg::share as m;

/// How the chunk draws a code (its component, [`QrView`], is the
/// chunk's code too).
pub type DrawQr = fn(&QrProps) -> Html;

thread_local! {
    static DRAW: Cell<Option<DrawQr>> = const { Cell::new(None) };
}

#[derive(Properties, PartialEq, Clone)]
pub struct QrProps {
    /// The link.
    pub text: AttrValue,
}

/// The QR code of a link once its chunk is here (nothing before: the
/// link beside it is the way).
#[function_component(QrCode)]
pub fn qr_code(props: &QrProps) -> Html {
    let here = use_state(|| DRAW.with(Cell::get).is_some());
    {
        let here = here.clone();
        use_effect_with((), move |_| {
            if !*here {
                wasm_bindgen_futures::spawn_local(async move {
                    if let Ok(draw) = super::chunks::qr().await {
                        DRAW.with(|d| d.set(Some(draw)));
                        here.set(true);
                    }
                });
            }
        });
    }
    match DRAW.with(Cell::get) {
        Some(draw) => draw(props),
        None => html! {},
    }
}

/// (In the qr chunk.) How the chunk draws a code.
pub fn draw(props: &QrProps) -> Html {
    html! { <QrView text={props.text.clone()} /> }
}

/// (In the qr chunk.) The code of a link, with a button to enlarge it.
#[function_component(QrView)]
fn qr_view(props: &QrProps) -> Html {
    let large = use_state(|| false);
    let Some(qr) = view::qr::Qr::new(&props.text) else {
        return html! {};
    };
    let size = qr.size();
    let toggle = {
        let large = large.clone();
        Callback::from(move |_: MouseEvent| large.set(!*large))
    };
    // Esc makes an enlarged code small again (and goes no further: the
    // popover round it stays).
    let key = {
        let large = large.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" && *large {
                e.stop_propagation();
                large.set(false);
            }
        })
    };
    // 6 CSS pixels a module, the popover's width at most (on a 360-pixel
    // phone it holds 5.7 a module for a 150-character link, 4 for one of
    // 300); an attribute, not a style (the page's CSP allows no inline
    // style).
    let width = (6 * size).max(288).to_string();
    html! {
        <figure class={classes!("qr", large.then_some("qr-large"))} data-testid="qr" onkeydown={key}>
            <svg viewBox={qr.view_box()} role="img" aria-label={m::qr_label()} data-testid="qr-svg"
                data-modules={size.to_string()} data-version={qr.version.to_string()}
                shape-rendering="crispEdges" width={width.clone()} height={width}>
                <rect width={size.to_string()} height={size.to_string()} fill="#ffffff" />
                <path d={qr.path()} fill="#000000" />
            </svg>
            <figcaption>{ m::qr_caption() }</figcaption>
            <button type="button" class="quiet small" data-testid="qr-enlarge"
                onclick={toggle}>{ if *large { m::qr_smaller() } else { m::qr_larger() } }</button>
        </figure>
    }
}
