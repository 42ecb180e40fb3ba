//! Every refusal of the engine and the formats in the player's words: a
//! rule's reason, a setup's or an option's problem, a record's line, a
//! link or a saved game that does not open. The engine and the formats
//! give these as values; this is where they become sentences.

use engine::any::GameError;
use engine::core::reason::{
    BridgeProblem, Game, OptionProblem, PlacementProblem, Reason, SetupProblem, Step, Thing,
    WoodPiece, WoodProblem,
};
use engine::core::{IllegalChoice, SetupError};
use formats::notation::{RecordError, RecordProblem, Syntax};
use formats::saves::{Damage, SaveError};
use formats::share::{Invalid, ShareError};
use i18n::msg;

/// A refused choice: its reason and, in brackets, the rule it breaks
/// (`tile D7 cannot go at 3,1 r2: … (R3.2)`).
pub fn illegal(e: &IllegalChoice) -> String {
    format!("{} ({})", reason(&e.reason), e.rule)
}

/// What a thing is called in a reason.
pub fn thing(t: Thing) -> &'static str {
    use msg::rules as m;
    match t {
        Thing::Street => m::street(),
        Thing::Market => m::market(),
        Thing::Residential => m::residential(),
        Thing::ResidentialArea => m::residential_area(),
        Thing::Road => m::road(),
        Thing::City => m::city(),
        Thing::Field => m::field(),
        Thing::Cloister => m::cloister(),
        Thing::Gate => m::gate(),
        Thing::Bridge => m::bridge(),
        Thing::BridgeEnd => m::bridge_end(),
    }
}

/// A kind of decision or answer, in a reason.
pub fn step(s: Step) -> &'static str {
    use msg::rules as m;
    match s {
        Step::Placement => m::a_placement(),
        Step::FollowerOrNone => m::a_follower_or_none(),
        Step::Follower => m::a_follower(),
        Step::Gate => m::the_gate(),
        Step::WallEnd => m::a_wall_end(),
        Step::GuardOrNone => m::a_guard_or_none(),
        Step::TowerOrNone => m::a_tower_or_none(),
        Step::GuesthouseOrNone => m::the_guesthouse_or_none(),
        Step::Guesthouse => m::a_guesthouse(),
        Step::WyvernTarget => m::the_wyvern_target(),
        Step::AWyvernTarget => m::a_wyvern_target(),
    }
}

/// Why a choice is refused, without the rule.
pub fn reason(r: &Reason) -> String {
    use msg::rules as m;
    let region_or_bridge =
        |region: &Option<String>| region.clone().unwrap_or_else(|| m::bridge().to_string());
    match r {
        Reason::GameOver => m::game_over().to_string(),
        Reason::PileEmpty => m::pile_empty().to_string(),
        Reason::WaitsFor { decision, choice } => m::waits_for(step(*decision), step(*choice)),
        Reason::Placement {
            tile,
            cell,
            rot,
            problem,
        } => {
            let (c, r) = (cell.to_string(), rot.to_string());
            match problem {
                PlacementProblem::FirstAtOrigin => m::first_at_origin(tile, &c, &r),
                PlacementProblem::OffBoard => m::off_board(tile, &c, &r),
                PlacementProblem::CellTaken => m::cell_taken(tile, &c, &r),
                PlacementProblem::NoNeighbour => m::no_neighbour(tile, &c, &r),
                PlacementProblem::OutsideWall => m::outside_wall(tile, &c, &r),
                PlacementProblem::WrapsWall => m::wraps_wall(tile, &c, &r),
                PlacementProblem::WoodNeedsOldCity => m::wood_needs_old_city(tile, &c, &r),
                PlacementProblem::SidesDiffer { own, side, other } => {
                    m::sides_differ(tile, &c, &r, thing(*own), &side.to_string(), thing(*other))
                }
                PlacementProblem::SidesDifferAt {
                    own,
                    side,
                    other,
                    at,
                } => m::sides_differ_at(
                    tile,
                    &c,
                    &r,
                    thing(*own),
                    &side.to_string(),
                    thing(*other),
                    &at.to_string(),
                ),
            }
        }
        Reason::FarEnd {
            cell,
            axis,
            other,
            at,
        } => m::far_end(&cell.to_string(), axis, thing(*other), &at.to_string()),
        Reason::NoRegion { tile, region } => m::no_region(tile, region),
        Reason::NoBridge { tile } => m::no_bridge(tile),
        Reason::NoSupply => m::no_supply().to_string(),
        Reason::NoSupplyGuard => m::no_supply_guard().to_string(),
        Reason::Occupied { kind, region } => m::occupied(thing(*kind), &region_or_bridge(region)),
        Reason::JustCompleted { kind, region } => m::just_completed(thing(*kind), region),
        Reason::GuardOpposite => m::guard_opposite().to_string(),
        Reason::NotOnGate => m::not_on_gate().to_string(),
        Reason::NoFollowerHere => m::no_follower_here().to_string(),
        Reason::GateFacesHole { side } => m::gate_faces_hole(&side.to_string()),
        Reason::NotOutline { side } => m::not_outline(&side.to_string()),
        Reason::EndBlocked { end } => m::end_blocked(end),
        Reason::NoTower => m::no_tower().to_string(),
        Reason::EndHasTower { end } => m::end_has_tower(end),
        Reason::NoGuesthouses => m::no_guesthouses().to_string(),
        Reason::GuesthouseUsed => m::guesthouse_used().to_string(),
        Reason::NotRoad { region } => m::not_road(&region_or_bridge(region)),
        Reason::RoadNotOpen { region } => m::road_not_open(&region_or_bridge(region)),
        Reason::WyvernMustMove { tile, cell } => m::wyvern_must_move(tile, &cell.to_string()),
        Reason::NoWyvern { cell } => m::no_wyvern(&cell.to_string()),
        Reason::NotRegal { cell, tile } => m::not_regal(&cell.to_string(), tile),
        Reason::SetAside { cell } => m::set_aside(&cell.to_string()),
        Reason::NotTarget { cell } => m::not_target(&cell.to_string()),
        Reason::WoodUsed => m::wood_used().to_string(),
        Reason::Bridge { at, axis, problem } => {
            let at = at.to_string();
            match problem {
                BridgeProblem::NotBetweenFields => m::bridge_fields(&at, axis),
                BridgeProblem::NoTile => m::bridge_no_tile(&at, axis),
                BridgeProblem::Twice => m::bridge_twice(&at, axis),
                BridgeProblem::MendsNothing => m::bridge_mends_nothing(&at, axis),
            }
        }
        Reason::Wood {
            piece,
            cell,
            side,
            problem,
        } => {
            let (p, c, s) = (piece.notation(), cell.to_string(), side.to_string());
            match problem {
                WoodProblem::NoTile => m::wood_no_tile(p, &c, &s),
                WoodProblem::OnGate => m::wood_on_gate(p, &c, &s),
                WoodProblem::Between => match piece {
                    WoodPiece::Wall => m::wall_between(&c, &s),
                    WoodPiece::Gate => m::gate_between(&c, &s),
                },
                WoodProblem::NoPennant => m::no_pennant(p, &c, &s),
            }
        }
        Reason::OtherGame { choice, game } => m::other_game(
            choice,
            match game {
                Game::City => msg::game::city(),
                Game::Classic => msg::game::classic(),
            },
        ),
    }
}

/// Why a setup is not a game.
pub fn setup(e: &SetupError) -> String {
    setup_problem(&e.problem)
}

/// Why a setup is not a game (its part left out).
pub fn setup_problem(p: &SetupProblem) -> String {
    use msg::setup as m;
    let quoted = crate::words::quoted;
    match p {
        SetupProblem::NameEnds { name } => m::name_ends(&quoted(name)),
        SetupProblem::NameLong { name } => m::name_long(&quoted(name)),
        SetupProblem::NameChars { name } => m::name_chars(&quoted(name)),
        SetupProblem::PlayersCity { n } => m::players_city(*n),
        SetupProblem::PlayersClassic { n } => m::players_classic(*n),
        SetupProblem::StacksOver { stacks, all } => m::stacks_over(
            stacks[0],
            stacks[1],
            stacks[2],
            stacks.iter().sum::<u32>(),
            *all,
        ),
        SetupProblem::FirstStack => m::first_stack().to_string(),
        SetupProblem::StacksDeck { total, deck } => m::stacks_deck(*total, *deck),
        SetupProblem::UnknownTile { tile } => m::unknown_tile(tile),
        SetupProblem::Copies { tile, n } => m::copies(tile, *n),
        SetupProblem::NotInPlay { tile } => m::not_in_play(tile),
        SetupProblem::OverPile { tile, n } => m::over_pile(tile, *n),
        SetupProblem::Option(o) => option(o),
        SetupProblem::Catalogue(text) => text.clone(),
    }
}

/// Why rule options or expansions do not read.
pub fn option(p: &OptionProblem) -> String {
    use msg::setup as m;
    let quoted = crate::words::quoted;
    match p {
        OptionProblem::OnOffForm { option } => m::on_off_form(&quoted(option)),
        OptionProblem::OnOff { name, value } => m::on_off(name, &quoted(value)),
        OptionProblem::Unknown { name } => m::unknown_option(&quoted(name)),
        OptionProblem::UnknownExpansion { name } => m::unknown_expansion(&quoted(name)),
        OptionProblem::ExpansionTwice { name } => m::expansion_twice(name),
        OptionProblem::Values {
            name,
            values,
            value,
        } => match values {
            [first, second, third] => m::three_values(name, first, second, third, &quoted(value)),
            [first, rest @ ..] => m::two_values(name, first, &rest.join(" "), &quoted(value)),
            [] => m::unknown_option(&quoted(name)),
        },
        OptionProblem::ValueForm { option } => m::value_form(&quoted(option)),
        OptionProblem::Twice { name } => m::option_twice(name),
        OptionProblem::NeedsExpansion { name, expansion } => m::needs_expansion(
            name.as_deref().unwrap_or_else(|| m::an_old_city_option()),
            expansion,
        ),
        OptionProblem::FarmScoring { value } => m::farm_scoring(value),
    }
}

/// Why a setup and its decisions are not a game (`decision 5: …`).
pub fn game_error(e: &GameError) -> String {
    match e {
        GameError::Setup(e) => setup(e),
        GameError::Decision { n, error } => msg::rules::decision(*n, &illegal(error)),
    }
}

/// A record that does not read: `line N: reason`.
pub fn record_error(e: &RecordError) -> String {
    format!("line {}: {}", e.line, record_problem(&e.problem))
}

/// What is wrong on a record's line.
pub fn record_problem(p: &RecordProblem) -> String {
    match p {
        RecordProblem::Syntax(s) => syntax(s),
        RecordProblem::Setup(s) => setup_problem(s),
        RecordProblem::Illegal(e) => illegal(e),
        RecordProblem::Catalogue(text) => text.clone(),
    }
}

/// What does not read in a record.
pub fn syntax(s: &Syntax) -> String {
    use engine::any::Ruleset;
    use msg::errors as m;
    let q = crate::words::quoted;
    match s {
        Syntax::GameMustBe { value } => {
            let [first, second] = Ruleset::ALL.map(|r| format!("\"{}\"", r.title()));
            m::game_must_be(&first, &second, &q(value))
        }
        Syntax::GameTagMissing => m::game_tag_missing().to_string(),
        Syntax::NotTagLine { line } => m::not_tag_line(&q(line)),
        Syntax::TagTwice { name } => m::tag_twice(name),
        Syntax::TagsFirst => m::tags_first().to_string(),
        Syntax::CommentUnopened => m::comment_unopened("}"),
        Syntax::CommentUnclosed => m::comment_unclosed("{"),
        Syntax::NotTurnNumber { num, expected } => {
            m::not_turn_number(&q(num), &expected.to_string())
        }
        Syntax::TurnOutOfOrder { n, expected } => {
            m::turn_out_of_order(&n.to_string(), &expected.to_string())
        }
        Syntax::GameMustBeOne { game, value } => {
            m::game_must_be_one(&format!("\"{game}\""), &q(value))
        }
        Syntax::TagMissing { tag } => m::tag_missing(tag),
        Syntax::FormatUnknown { value } => m::format_unknown(&q(value)),
        Syntax::UnknownTileInDeck { id } => m::unknown_tile_in_deck(&q(id)),
        Syntax::SeedNotNumber { value } => m::seed_not_number(&q(value)),
        Syntax::SeedOrDeck => m::seed_or_deck().to_string(),
        Syntax::AidsOnOrOff { value } => m::aids_on_or_off(&q(value)),
        Syntax::StacksThree { value } => m::stacks_three(&q(value)),
        Syntax::StackSize { value } => m::stack_size(&q(value)),
        Syntax::TurnLineCity => m::turn_line_city().to_string(),
        Syntax::GameOverNoTurns => m::game_over_no_turns().to_string(),
        Syntax::TileDrawn { drawn, tile } => m::tile_drawn(drawn, tile),
        Syntax::NotCell { value } => m::not_cell(&q(value)),
        Syntax::NotRotation { value } => m::not_rotation(&q(value)),
        Syntax::NotFollower { value } => m::not_follower(&q(value)),
        Syntax::NoRegion { tile, id } => m::no_region(tile, &q(id)),
        Syntax::WallActionsMissing => m::wall_actions_missing().to_string(),
        Syntax::NoWallRound => m::no_wall_round().to_string(),
        Syntax::RoundNotFinished { decision } => {
            m::round_not_finished(decision.map_or("nothing", step))
        }
        Syntax::RoundOver { action } => m::round_over(action),
        Syntax::NotSide { value } => m::not_side(&q(value)),
        Syntax::GatePlaced => m::gate_placed().to_string(),
        Syntax::NotWallEnd { value } => m::not_wall_end(&q(value)),
        Syntax::GateFirst => m::gate_first().to_string(),
        Syntax::NoWallPiece { action } => m::no_wall_piece(action),
        Syntax::NoGuardSupply => m::no_guard_supply().to_string(),
        Syntax::NoGuardOpposite => m::no_guard_opposite().to_string(),
        Syntax::NotTowerEnd { value } => m::not_tower_end(&q(value)),
        Syntax::PiecesNotPlaced { action } => m::pieces_not_placed(action),
        Syntax::NotWallAction { action } => m::not_wall_action(&q(action)),
        Syntax::GuesthouseTwice => m::guesthouse_twice().to_string(),
        Syntax::ExtrasOrder => m::extras_order().to_string(),
        Syntax::WyvernTwice => m::wyvern_twice().to_string(),
        Syntax::NotExtra { value } => m::not_extra(&q(value)),
        Syntax::NoRegionRule { tile, id } => m::no_region_rule(tile, id),
        Syntax::WoodForm => m::wood_form().to_string(),
        Syntax::NotWood { value } => m::not_wood(&q(value)),
        Syntax::WoodTwice { piece } => m::wood_twice(piece),
        Syntax::NotBridgeAxis { value } => m::not_bridge_axis(&q(value)),
        Syntax::BridgeWhere { cell } => m::bridge_where(&cell.to_string()),
        Syntax::NotPlacedSide { what } => m::not_placed_side(what),
        Syntax::TurnLineClassic => m::turn_line_classic().to_string(),
        Syntax::PileEmpty => m::pile_empty().to_string(),
        Syntax::PileGives { pile, record } => m::pile_gives(pile, record),
        Syntax::NotFollowerClassic { value } => m::not_follower_classic(&q(value)),
    }
}

/// A link that does not open.
pub fn share_error(e: &ShareError) -> String {
    use msg::errors as m;
    match e {
        ShareError::Empty => m::link_empty().to_string(),
        ShareError::Damaged => m::link_damaged().to_string(),
        ShareError::TooLong => m::link_too_long().to_string(),
        ShareError::NewerVersion(v) => m::link_newer(&v.to_string()),
        ShareError::Invalid(why) => m::link_invalid(&invalid(why)),
    }
}

/// What is not valid in an intact link.
fn invalid(i: &Invalid) -> String {
    use msg::errors as m;
    match i {
        Invalid::Setup(e) => setup(e),
        Invalid::DeckOverBox => m::deck_over_box().to_string(),
        Invalid::DeckOverPile { tiles, total } => m::deck_over_pile(*tiles, *total),
        Invalid::StacksOverBox { stacks } => m::stacks_over_box(stacks[0], stacks[1], stacks[2]),
        Invalid::GameEndsEarly { n } => m::game_ends_early(*n),
        Invalid::NoLegalChoice { n } => m::no_legal_choice(*n),
        Invalid::PastTheDeal { n } => m::past_the_deal(*n),
        Invalid::Reveal { seat } => m::bad_reveal(u64::from(*seat) + 1),
        Invalid::EarlyReveal => m::early_reveal().to_string(),
    }
}

/// Why one saved game does not read.
pub fn damage(d: &Damage) -> String {
    match d {
        Damage::Link(e) => share_error(e),
        Damage::Record(e) => record_error(e),
        Damage::Player(p) => setup_problem(p),
        Damage::Detail(text) => text.clone(),
    }
}

/// Why saved games cannot be read or changed.
pub fn save_error(e: &SaveError) -> String {
    use msg::errors as m;
    match e {
        SaveError::NotJson(e) => m::saves_not_json(e),
        SaveError::NotSaves => m::not_saves().to_string(),
        SaveError::NewerVersion(v) => m::saves_newer(&v.to_string()),
        SaveError::Invalid(why) => m::saves_damaged(why),
        SaveError::Entry { index, id, reason } => {
            let reason = damage(reason);
            match (index, id) {
                (Some(i), Some(id)) => m::save_damaged_at_id(i + 1, id, &reason),
                (Some(i), None) => m::save_damaged_at(i + 1, &reason),
                (None, Some(id)) => m::save_damaged_id(id, &reason),
                (None, None) => m::save_damaged(&reason),
            }
        }
        SaveError::NotFound(id) => m::save_not_found(id),
        SaveError::BadName(why) => why.clone(),
        SaveError::MovedOn { id, turns } => m::save_moved_on(id, *turns),
    }
}

/// A link refused for what it would change in the saved game `name`
/// (`formats::links::judge`): the deal, a move played, a turn of a seat
/// played here, who plays a seat.
pub fn link_refused(name: &str, f: &formats::links::Forgery) -> String {
    use formats::links::Forgery;
    use msg::session as m;
    match f {
        Forgery::Deal => m::refused_deal(name),
        Forgery::Move { turn, player } => m::refused_move(player, *turn, name),
        Forgery::Seat { turn, player } => m::refused_seat(player, *turn, name),
        Forgery::Unsigned { turn, player } => m::refused_unsigned(player, *turn, name),
        Forgery::Player {
            player,
            computer: Some(level),
        } => m::refused_computer(&crate::names::level_named(level), player, name),
        Forgery::Player {
            player,
            computer: None,
        } => m::refused_person(player, name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A relayed move its device did not sign (a game on three or more
    /// devices) is refused naming the move, in English and in Polish.
    #[test]
    fn an_unsigned_relayed_move_is_named() {
        use formats::links::Forgery;
        use i18n::{choose, install, Language};
        let f = Forgery::Unsigned {
            turn: 4,
            player: "Bob".into(),
        };
        choose(Language::En);
        assert_eq!(
            link_refused("Friday", &f),
            "This link was not opened: it changes Bob's move in turn 4 of “Friday”: \
             that move is not the one Bob's device signed. Nothing was changed; ask Bob for the link."
        );
        install(
            Language::Pl,
            include_str!("../../../static/lang/pl.txt").to_string(),
        )
        .expect("the Polish file is current");
        assert!(choose(Language::Pl));
        let pl = link_refused("Piątek", &f);
        assert!(pl.contains("turze 4") && pl.contains("Bob"), "{pl}");
        choose(Language::En);
    }

    /// The engine's reasons for refusing a choice or a setup (what a tampered
    /// link or record shows) come in the player's language, and in English
    /// again once English is chosen.
    #[test]
    fn the_engines_reasons_come_in_german() {
        use engine::city::{Catalogue, Cell, Choice, Game, Options, Rotation, Setup};
        use engine::core::rules::{check_player_name, TileGame};
        use i18n::{choose, install, Language};
        let cat = Catalogue::builtin().expect("the built-in catalogue");
        let setup = Setup::from_seed(
            cat,
            vec!["Ann".into(), "Bob".into()],
            1,
            engine::city::DEFAULT_STACKS,
            Options::default(),
        )
        .expect("a deal");
        let g = Game::new(cat, setup).expect("a game");
        let away = Choice::Place {
            cell: Cell::new(2, 3),
            rot: Rotation::ALL[1],
        };
        let tile = &cat.get(g.drawn().expect("a tile drawn").0).id;
        install(
            Language::De,
            include_str!("../../../static/lang/de.txt").to_string(),
        )
        .expect("the German file is current");
        assert!(choose(Language::De));
        let e = g.check(away).expect_err("the first tile goes at 0,0");
        assert_eq!(e.rule, "R1.6", "the rule id stays as it is");
        assert_eq!(
            reason(&e.reason),
            format!(
                "das Plättchen {tile} kann nicht auf 2,3 r1 liegen: Das erste Plättchen kommt auf 0,0"
            )
        );
        assert_eq!(
            setup_problem(&check_player_name(" Ann").unwrap_err()),
            "der Name \" Ann\" ist leer oder hat Leerzeichen an seinen Enden"
        );
        choose(Language::En);
        assert_eq!(
            reason(&g.check(away).expect_err("still illegal").reason),
            format!("tile {tile} cannot go at 2,3 r1: the first tile goes at 0,0")
        );
        assert_eq!(
            setup_problem(&check_player_name(" Ann").unwrap_err()),
            "player name \" Ann\" is empty or has spaces at its ends"
        );
    }
}
