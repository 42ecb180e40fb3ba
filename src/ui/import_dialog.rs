//! "Import record": the button that opens a game record (CGN, NOTATION.md)
//! and the host of its dialog, which is a part of the extras (ui/import_part.rs,
//! loaded the first time it opens: docs/loading.md). The dialog reads the
//! record and hands the page its game; the page opens it as a new local
//! game at its last position (asking first when the game in play is not
//! saved).

use yew::prelude::*;

use super::extras::{ExtrasHost, Part, PartEvent};
use super::state::{Action, AppState, Opened};
use super::storage;
use i18n::msg::import as m;

#[derive(Properties, PartialEq)]
pub struct ImportDialogProps {
    /// The language spoken: a new one draws the dialog again.
    pub lang: i18n::Language,
    pub dispatch: UseReducerDispatcher<AppState>,
}

#[function_component(ImportDialog)]
pub fn import_dialog(props: &ImportDialogProps) -> Html {
    let open_state = use_state(|| false);
    let show = {
        let open_state = open_state.clone();
        Callback::from(move |_: MouseEvent| open_state.set(true))
    };
    let button = html! {
        <button class="quiet small" data-testid="import-open" onclick={show}
            title={m::open_title()}>{ m::open() }</button>
    };
    // The button stays the same element, open or not (Yew matches a list's
    // children from its end: the dialog's place is kept, empty): the dialog
    // gives it the focus back when it closes (Esc, Cancel).
    if !*open_state {
        return html! { <>{ button }{ Html::default() }</> };
    }
    let on_event = {
        let d = props.dispatch.clone();
        Callback::from(move |e: PartEvent| {
            if let PartEvent::Open(game) = e {
                let game = (*game).clone();
                d.dispatch(Action::OpenAsk(Box::new(Opened {
                    seats: storage::default_seats(&game),
                    game,
                    id: None,
                    from_link: false,
                    link_base: 0,
                    known: None,
                    here: Vec::new(),
                    fair: None,
                    star: None,
                })));
            }
            open_state.set(false);
        })
    };
    html! {
        <>
            { button }
            <ExtrasHost part={Part::Import} dialog=true lang={props.lang} {on_event} />
        </>
    }
}
