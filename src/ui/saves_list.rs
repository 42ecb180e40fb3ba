//! The saved games, on the new-game screen: continue, rename, delete; the
//! games that do not read, with what is wrong and what is left of them to
//! download. Every change re-reads storage first and writes only a document
//! that read (see `storage`); "Continue" opens the game as it is stored at
//! that moment, and the list reads the saves again when another tab writes
//! them.

use yew::prelude::*;

use super::extras::{ExtrasHost, Part, PartEvent};
use super::import_dialog::ImportDialog;
use super::session::open_saved;
use super::state::AppState;
use super::storage::{self, Loaded, StorageError};
use formats::saves::{self, SavedGame};
use i18n::{intl, msg};
use view::names;
use view::words::plain;

#[derive(Properties, PartialEq)]
pub struct SavesListProps {
    /// The language spoken: a new one draws the screen again.
    pub lang: i18n::Language,
    pub dispatch: UseReducerDispatcher<AppState>,
    /// Changes to the saved games made elsewhere: each one reads them again.
    pub changed: u32,
}

/// "22 Nov 2026, 14:05" (as the language writes it) in the browser's time zone.
fn when(ms: f64) -> String {
    intl::date_time(i18n::current(), ms)
}

#[function_component(SavesList)]
pub fn saves_list(props: &SavesListProps) -> Html {
    // None: not read yet. The list is read when shown and after each change.
    let loaded = use_state(|| None::<Result<Loaded, StorageError>>);
    let renaming = use_state(|| None::<(String, String)>);
    // The save whose deletion is being confirmed.
    let deleting = use_state(|| None::<String>);
    // The damaged save whose deletion is being confirmed.
    let deleting_damaged = use_state(|| None::<usize>);
    let error = use_state(|| None::<String>);
    {
        let loaded = loaded.clone();
        use_effect_with(props.changed, move |_| loaded.set(Some(storage::load())));
    }
    let reload = {
        let loaded = loaded.clone();
        move || loaded.set(Some(storage::load()))
    };
    let games: Vec<SavedGame> = match &*loaded {
        // (Saves of the first versions not read yet are listed once read.)
        Some(Ok(l)) => l
            .doc
            .list()
            .into_iter()
            .filter(|g| g.summary.is_some())
            .cloned()
            .collect(),
        _ => Vec::new(),
    };
    let d = props.dispatch.clone();
    let rows = games.iter().map(|g| {
        let id = g.id.clone();
        let cont = {
            let d = d.clone();
            let id = id.clone();
            let error = error.clone();
            let reload = reload.clone();
            // As it is stored now: another tab may have played it on.
            Callback::from(move |_: MouseEvent| match storage::load() {
                Ok(l) => match l.doc.get(&id) {
                    Some(entry) => open_saved(&d, entry),
                    None => {
                        error.set(Some(msg::saves::gone().into()));
                        reload();
                    }
                },
                Err(e) => error.set(Some(plain(&e.to_string()))),
            })
        };
        let ask_delete = {
            let id = id.clone();
            let deleting = deleting.clone();
            Callback::from(move |_: MouseEvent| deleting.set(Some(id.clone())))
        };
        let keep = {
            let deleting = deleting.clone();
            Callback::from(move |_: MouseEvent| deleting.set(None))
        };
        let delete = {
            let id = id.clone();
            let reload = reload.clone();
            let error = error.clone();
            let deleting = deleting.clone();
            Callback::from(move |_: MouseEvent| {
                match storage::update(|doc| Ok(doc.delete(&id))) {
                    Ok(_) => error.set(None),
                    Err(e) => error.set(Some(e.to_string())),
                }
                deleting.set(None);
                reload();
            })
        };
        let confirming = deleting.as_deref() == Some(id.as_str());
        let editing = renaming.as_ref().filter(|(rid, _)| *rid == id).map(|(_, n)| n.clone());
        // "Ann 34 · Bob 28", how far it got.
        let summary = g.summary.clone().unwrap_or_default();
        // "Ann 34, Bob (computer, hard) 28".
        let scores = g
            .players
            .iter()
            .zip(summary.scores.iter().chain(std::iter::repeat(&0)))
            .enumerate()
            .map(|(i, (p, s))| match g.seats.get(i).and_then(|s| s.computer.as_deref()) {
                Some(level) => msg::saves::computer_score(p, &names::level_named(level), *s),
                None => msg::saves::score(p, *s),
            })
            .collect::<Vec<_>>()
            .join(", ");
        let game_name = names::game_with(g.ruleset, &summary.expansions);
        let state = if g.finished {
            msg::saves::finished(summary.turns)
        } else {
            msg::saves::played(summary.turns)
        };
        let name_cell = match editing {
            Some(value) => {
                let on_input = {
                    let renaming = renaming.clone();
                    let id = id.clone();
                    Callback::from(move |e: InputEvent| {
                        if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                            renaming.set(Some((id.clone(), i.value())));
                        }
                    })
                };
                let commit = {
                    let renaming = renaming.clone();
                    let reload = reload.clone();
                    let error = error.clone();
                    let id = id.clone();
                    let value = value.clone();
                    Callback::from(move |e: SubmitEvent| {
                        e.prevent_default();
                        let t = storage::now();
                        match storage::update(|doc| doc.rename(&id, &value, t)) {
                            Ok(()) => {
                                error.set(None);
                                renaming.set(None);
                            }
                            Err(e) => error.set(Some(e.to_string())),
                        }
                        reload();
                    })
                };
                let cancel = {
                    let renaming = renaming.clone();
                    Callback::from(move |_: MouseEvent| renaming.set(None))
                };
                html! {
                    <form class="rename" onsubmit={commit}>
                        <input type="text" data-testid="save-name-input" aria-label={msg::saves::new_name()}
                            maxlength="80" value={value} oninput={on_input} />
                        <button type="submit" class="small primary" data-testid="save-rename-ok">{ msg::saves::ok() }</button>
                        <button type="button" class="small quiet" onclick={cancel}>{ msg::saves::cancel() }</button>
                    </form>
                }
            }
            None => {
                let start = {
                    let renaming = renaming.clone();
                    let id = id.clone();
                    let name = g.name.clone();
                    Callback::from(move |_: MouseEvent| renaming.set(Some((id.clone(), name.clone()))))
                };
                html! {
                    <>
                        <span class="save-name" data-testid="save-name">{ g.name.clone() }</span>
                        <button class="small quiet" data-testid="save-rename" onclick={start}
                            aria-label={msg::saves::rename_named(&g.name)}>{ msg::saves::rename() }</button>
                    </>
                }
            }
        };
        html! {
            <li class="save-row" data-testid="save-row" data-id={id.clone()}
                data-finished={g.finished.to_string()}>
                <div class="save-title">{ name_cell }</div>
                <div class="save-meta">
                    <span class="save-game" data-testid="save-game" data-ruleset={g.ruleset.name()}>{ game_name }</span>
                    { " · " }
                    <span class="save-scores" data-testid="save-scores">{ scores }</span>
                    { " · " }
                    <span class="save-state" data-testid="save-turn">{ state }</span>
                    if g.from_link { <span class="save-link">{ " · " }{ msg::saves::from_link() }</span> }
                    { " · " }
                    <span data-testid="save-date">{ when(g.updated) }</span>
                </div>
                <div class="save-buttons">
                    if confirming {
                        <span class="confirm-delete" role="group" aria-label={msg::saves::delete_named_ask(&g.name)}>
                            <span>{ msg::saves::delete_it() }</span>
                            <button class="small primary" data-testid="save-delete-yes" onclick={delete}>{ msg::saves::delete() }</button>
                            <button class="small quiet" data-testid="save-delete-no" onclick={keep}>{ msg::saves::keep() }</button>
                        </span>
                    } else {
                        <button class="small primary" data-testid="save-continue" onclick={cont}
                            aria-label={if g.finished { msg::saves::view_named(&g.name) } else { msg::saves::continue_named(&g.name) }}>
                            { if g.finished { msg::saves::view() } else { msg::saves::r#continue() } }</button>
                        <button class="small quiet" data-testid="save-delete" onclick={ask_delete}
                            aria-label={msg::saves::delete_named(&g.name)}>{ msg::saves::delete() }</button>
                    }
                </div>
            </li>
        }
    });
    // The games that do not read: kept, shown with what is wrong, what is
    // left of them to download, and deleted only by the player.
    let damaged: Vec<saves::Damaged> = match &*loaded {
        Some(Ok(l)) => l.doc.damaged().to_vec(),
        _ => Vec::new(),
    };
    let damaged_rows = damaged.iter().enumerate().map(|(k, dmg)| {
        let label = dmg
            .name()
            .or(dmg.id())
            .map_or_else(|| msg::saves::damaged().to_string(), msg::saves::damaged_named);
        let file = format!("saved-game-{}.json", dmg.id().unwrap_or("damaged"));
        let download = {
            let text = dmg.to_json();
            let error = error.clone();
            Callback::from(move |_: MouseEvent| {
                if let Err(e) = super::download::download(&file, &text, "application/json") {
                    error.set(Some(msg::saves::download_failed(&e)));
                }
            })
        };
        let confirming = *deleting_damaged == Some(k);
        let ask = {
            let deleting_damaged = deleting_damaged.clone();
            Callback::from(move |_: MouseEvent| deleting_damaged.set(Some(k)))
        };
        let keep = {
            let deleting_damaged = deleting_damaged.clone();
            Callback::from(move |_: MouseEvent| deleting_damaged.set(None))
        };
        let delete = {
            let (reload, error, deleting_damaged) =
                (reload.clone(), error.clone(), deleting_damaged.clone());
            Callback::from(move |_: MouseEvent| {
                match storage::update(|doc| Ok(doc.delete_damaged(k))) {
                    Ok(_) => error.set(None),
                    Err(e) => error.set(Some(e.to_string())),
                }
                deleting_damaged.set(None);
                reload();
            })
        };
        html! {
            <li class="save-row damaged" data-testid="save-damaged">
                <div class="save-title"><span class="save-name">{ label.clone() }</span></div>
                <p class="save-meta" data-testid="save-damaged-why">
                    { msg::saves::damaged_why(&plain(&view::errors::damage(&dmg.reason))) }</p>
                <div class="save-buttons">
                    if confirming {
                        <span class="confirm-delete" role="group" aria-label={msg::saves::delete_label_ask(&label)}>
                            <span>{ msg::saves::delete_for_good() }</span>
                            <button class="small primary" data-testid="save-damaged-delete-yes" onclick={delete}>{ msg::saves::delete() }</button>
                            <button class="small quiet" onclick={keep}>{ msg::saves::keep() }</button>
                        </span>
                    } else {
                        <button class="small" data-testid="save-damaged-download" onclick={download}
                            aria-label={msg::saves::download_left_of(&label)}>{ msg::saves::download_left() }</button>
                        <button class="small quiet" data-testid="save-damaged-delete" onclick={ask}
                            aria-label={msg::saves::delete_label(&label)}>{ msg::saves::delete() }</button>
                    }
                </div>
            </li>
        }
    });
    let status = match &*loaded {
        None => html! {},
        Some(Err(e)) => {
            html! { <p class="errors" data-testid="saves-unavailable">{ e.to_string() }</p> }
        }
        Some(Ok(l)) if games.is_empty() && l.doc.damaged().is_empty() => {
            html! { <p class="saves-empty">{ msg::saves::empty() }</p> }
        }
        Some(Ok(_)) => html! {},
    };
    html! {
        <section class="saves parchment" data-testid="saves">
            <div class="saves-head">
                <h2>{ msg::saves::title() }</h2>
                <ImportDialog lang={props.lang} dispatch={props.dispatch.clone()} />
                <StatsButton />
                <button class="quiet" data-testid="puzzles-open"
                    onclick={{ let d = props.dispatch.clone();
                        Callback::from(move |_: MouseEvent| d.dispatch(super::state::Action::Puzzles(true))) }}>
                    { msg::puzzles::open() }</button>
            </div>
            { status }
            if let Some(e) = &*error {
                <p class="errors" role="alert" data-testid="saves-error">{ e.clone() }</p>
            }
            <ol class="save-list">{ for rows }{ for damaged_rows }</ol>
        </section>
    }
}

/// "Statistics": opens the statistics of the saved games, a dialog of the
/// extras module (ui/stats_dialog.rs), loaded the first time.
#[function_component(StatsButton)]
fn stats_button() -> Html {
    let open = use_state(|| false);
    let set = |on: bool| {
        let open = open.clone();
        Callback::from(move |_: ()| open.set(on))
    };
    let close = set(false);
    html! {
        <>
            <button class="quiet" data-testid="stats-open" onclick={set(true).reform(|_: MouseEvent| ())}>{ msg::stats::title() }</button>
            if *open {
                <ExtrasHost part={Part::Stats} dialog=true on_event={close.reform(|_: PartEvent| ())} />
            }
        </>
    }
}
