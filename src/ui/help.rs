//! How to play, briefly, in our own words.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HelpProps {
    pub on_close: Callback<()>,
}

#[function_component(Help)]
pub fn help(props: &HelpProps) -> Html {
    let close = props.on_close.reform(|_: MouseEvent| ());
    html! {
        <div class="overlay" data-testid="help" onclick={close.clone()}>
            <div class="dialog parchment help" onclick={Callback::from(|e: MouseEvent| e.stop_propagation())}>
                <h2>{ "How to play" }</h2>
                <p>{ "Together you build one walled town, tile by tile. Whoever has the most points when the town is finished wins." }</p>
                <h3>{ "Your turn" }</h3>
                <ol>
                    <li>{ "Place the tile you drew next to the town. Only streets must line up: a street must meet a street, and a side without a street must meet a side without one." }</li>
                    <li>{ "You may put one follower on a feature of that tile that nobody occupies yet: a citizen on a street, a seller on a market, a steward on a residential area." }</li>
                    <li>{ "A finished street scores 1 point per tile (2 per tile from 4 tiles on); a finished market scores its tiles times its kinds of goods. The players with the most followers on it score, and the followers come home." }</li>
                </ol>
                <h3>{ "The wall" }</h3>
                <p>{ "From the second stack on, a turn that finishes a street or market starts a wall round: starting with the builder, everyone adds wall pieces around the outline of the town (the first round begins with the gate). After each piece you may post a guard on it. At the end of the round the builder may put a tower on an end of the wall: it scores 1 point per piece back to the previous tower or the gate." }</p>
                <h3>{ "The end" }</h3>
                <p>{ "The game ends when the wall is closed, the wall pieces run out, the gap in the wall is 5 or less, or the tiles run out. Then stewards score 2 points for every market next to their residential area, and guards score 2 for each public and 3 for each historic building in the row of tiles behind them." }</p>
                <h3>{ "Playing the computer" }</h3>
                <p>{ "Any seat can be played by the computer (easy, normal or hard) — or every seat, to watch a game, with a speed setting and a pause button. On your turn, “Hint” shows what the computer would do: the tile tried where it would go, and what it would do with a follower. Undo takes back the computer's replies too, back to your last decision." }</p>
                <h3>{ "Controls" }</h3>
                <ul class="keys">
                    <li><kbd>{ "click" }</kbd>{ " a glowing space to try the tile there, click again or " }<kbd>{ "R" }</kbd>{ " / right click to turn it, " }<kbd>{ "Enter" }</kbd>{ " to place it, " }<kbd>{ "Esc" }</kbd>{ " to take it back" }</li>
                    <li><kbd>{ "Tab" }</kbd>{ " steps through the legal spaces or targets, " }<kbd>{ "Enter" }</kbd>{ " takes the one in focus, " }<kbd>{ "N" }</kbd>{ " says no (follower, guard, tower)" }</li>
                    <li><kbd>{ "drag" }</kbd>{ " / arrows / WASD pan, " }<kbd>{ "wheel" }</kbd>{ " / pinch / + − zoom, " }<kbd>{ "F" }</kbd>{ " fits the town in view" }</li>
                    <li><kbd>{ "Ctrl+Z" }</kbd>{ " takes back the last decision" }</li>
                    <li><kbd>{ "Replay" }</kbd>{ ": " }<kbd>{ "←" }</kbd>{ " " }<kbd>{ "→" }</kbd>{ " step through the game, " }<kbd>{ "Esc" }</kbd>{ " goes back to it; games are saved as you play" }</li>
                </ul>
                <div class="dialog-buttons">
                    <button class="primary" data-testid="close-help" onclick={close}>{ "Back to the game" }</button>
                </div>
            </div>
        </div>
    }
}
