//! Why a choice or a setup is refused, as values: which rule, which tile,
//! which cell, which side. The engine has no words: the view says these in
//! the player's language (`view::words`), and the records and the command
//! line print them through it.
//!
//! Tile ids, region ids, wall ends and bridge axes are the record's own
//! notation (`D7`, `@a`, `cw`, `NS`), carried as text; every other part is
//! a value the view names.

use super::geom::{Cell, Dir, Rotation, Side};

/// What a thing on the table is called in a reason: a feature's kind, a
/// region's, a side's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Thing {
    /// The City's street (a region, a feature).
    Street,
    /// The City's market.
    Market,
    /// The City's residential region (a side's kind).
    Residential,
    /// The City's residential area (a feature).
    ResidentialArea,
    Road,
    City,
    Field,
    Cloister,
    /// A gate of The City Gates (a side's kind).
    Gate,
    /// Old City's bridge (where a follower or guesthouse stands on it).
    Bridge,
    /// An end of Old City's bridge (a side it turns into a road end).
    BridgeEnd,
}

/// A kind of decision the game waits for, or of answer given (R13, T).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    /// A tile placement.
    Placement,
    /// A follower, or none.
    FollowerOrNone,
    /// A follower (an answer that names one).
    Follower,
    /// The City's gate (R6.5).
    Gate,
    /// A wall end (R6).
    WallEnd,
    /// A guard, or none (R8).
    GuardOrNone,
    /// A tower, or none (R9).
    TowerOrNone,
    /// Old City's guesthouse, or none (O5).
    GuesthouseOrNone,
    /// A guesthouse (an answer that names one).
    Guesthouse,
    /// The wyvern's target (the decision, O6).
    WyvernTarget,
    /// A wyvern target (an answer that names one).
    AWyvernTarget,
}

/// What is wrong with a tile's placement at its cell and rotation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlacementProblem {
    /// R1.6: the first tile goes at 0,0.
    FirstAtOrigin,
    OffBoard,
    CellTaken,
    NoNeighbour,
    /// R3.3: outside a wall piece or the gate.
    OutsideWall,
    /// R3.4: the city would wrap round its wall.
    WrapsWall,
    /// O3: wood without Old City's wood.
    WoodNeedsOldCity,
    /// Its `own` kind on side `side` faces a side of kind `other`.
    SidesDiffer {
        own: Thing,
        side: Dir,
        other: Thing,
    },
    /// As `SidesDiffer`, naming the tile it faces, at `at`.
    SidesDifferAt {
        own: Thing,
        side: Dir,
        other: Thing,
        at: Cell,
    },
}

/// What is wrong with Old City's bridge at `at` (O3.2, O3.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BridgeProblem {
    /// It would not cross its tile between two field sides.
    NotBetweenFields,
    NoTile,
    /// That tile has a bridge already.
    Twice,
    /// Neither end mends a field side facing a road.
    MendsNothing,
}

/// Old City's wooden wall or wooden gate (O3.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WoodPiece {
    Wall,
    Gate,
}

impl WoodPiece {
    /// The piece as a record writes it (`wall`, `gate`).
    pub fn notation(self) -> &'static str {
        match self {
            WoodPiece::Wall => "wall",
            WoodPiece::Gate => "gate",
        }
    }
}

/// What is wrong with a wooden wall or gate on a side (O3.5, G2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WoodProblem {
    /// No tile shares that side.
    NoTile,
    /// No wood mends a city gate's side.
    OnGate,
    /// The piece stands between other kinds of side than it mends.
    Between,
    /// The city on that side has no pennant.
    NoPennant,
}

/// Why a choice is refused, for either game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// R11.1: the game is over.
    GameOver,
    /// B7.1: the game is over, the pile being empty.
    PileEmpty,
    /// The game waits for another kind of decision.
    WaitsFor { decision: Step, choice: Step },
    /// A tile may not go there.
    Placement {
        tile: String,
        cell: Cell,
        rot: Rotation,
        problem: PlacementProblem,
    },
    /// O3.6: the bridge's far end faces a side of kind `other` of the tile at `at`.
    FarEnd {
        cell: Cell,
        axis: &'static str,
        other: Thing,
        at: Cell,
    },
    /// The tile has no region by that id.
    NoRegion { tile: String, region: String },
    /// O3.9: no bridge is built on the tile.
    NoBridge { tile: String },
    /// No follower is left in supply.
    NoSupply,
    /// R8.1: no follower is left for a guard.
    NoSupplyGuard,
    /// The feature of that region (`None`: the bridge) holds a follower.
    Occupied { kind: Thing, region: Option<String> },
    /// R4.5: the tile has just completed that feature.
    JustCompleted { kind: Thing, region: String },
    /// R8.4: the opposite wall piece holds a guard.
    GuardOpposite,
    /// G2.4: no follower stands on a gate.
    NotOnGate,
    /// B5: no follower can go on this tile.
    NoFollowerHere,
    /// R7.1: the gate may not face a hole.
    GateFacesHole { side: Side },
    /// R7.1: the side is not on the city's outline.
    NotOutline { side: Side },
    /// R7.3: that wall end (`cw`, `ccw`) cannot be extended.
    EndBlocked { end: &'static str },
    /// R1.3: the builder has no tower left.
    NoTower,
    /// R9.1: that end holds a tower already.
    EndHasTower { end: &'static str },
    /// O5: no guesthouses in this game.
    NoGuesthouses,
    /// O5.1: the player's guesthouse is used.
    GuesthouseUsed,
    /// O5.1: the region (`None`: the bridge) is not a road.
    NotRoad { region: Option<String> },
    /// O5.1: the road is not open at both ends.
    RoadNotOpen { region: Option<String> },
    /// O6.2: the tile is regal and `cell` is a target: the wyvern must move.
    WyvernMustMove { tile: String, cell: Cell },
    /// O6.2: no wyvern in this game.
    NoWyvern { cell: Cell },
    /// O6.2: the tile is not regal.
    NotRegal { cell: Cell, tile: String },
    /// O6.2: no tile is a target: the wyvern is set aside.
    SetAside { cell: Cell },
    /// O6.1: not a target of the wyvern.
    NotTarget { cell: Cell },
    /// O3.1: that piece of wood is used already.
    WoodUsed,
    /// A bridge at `at` across `axis` (`NS`, `EW`) breaks O3.2 or O3.3.
    Bridge {
        at: Cell,
        axis: &'static str,
        problem: BridgeProblem,
    },
    /// A wooden wall or gate on side `side` of `cell` breaks O3.5 or G2.1.
    Wood {
        piece: WoodPiece,
        cell: Cell,
        side: Dir,
        problem: WoodProblem,
    },
    /// A choice of the other game (its record notation, as Rust writes it).
    OtherGame { choice: String, game: Game },
}

/// Which game, in a reason.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Game {
    City,
    Classic,
}

/// Why a setup cannot become a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupProblem {
    /// A player's name is empty or has spaces at its ends.
    NameEnds {
        name: String,
    },
    /// A player's name is longer than 24 characters.
    NameLong {
        name: String,
    },
    /// A player's name holds a character records cannot keep.
    NameChars {
        name: String,
    },
    /// The City: 2 to 4 players.
    PlayersCity {
        n: usize,
    },
    /// Classic: 2 to 5 players (B1.1).
    PlayersClassic {
        n: usize,
    },
    /// The City's stacks need more tiles than there are.
    StacksOver {
        stacks: [u32; 3],
        all: u32,
    },
    /// The City's first stack is empty.
    FirstStack,
    /// The City's stacks and deck differ in size.
    StacksDeck {
        total: u32,
        deck: usize,
    },
    UnknownTile {
        tile: String,
    },
    /// A tile appears more than its copies.
    Copies {
        tile: String,
        n: u32,
    },
    /// B1.3: the tile is not in play.
    NotInPlay {
        tile: String,
    },
    /// B1.4: the deck holds a tile more often than the pile.
    OverPile {
        tile: String,
        n: u32,
    },
    /// The options do not read.
    Option(OptionProblem),
    /// The catalogue did not load (its errors: a broken build, for developers).
    Catalogue(String),
}

/// Why rule options or expansions do not read (names and values as written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionProblem {
    /// Not `name=on` or `name=off`.
    OnOffForm {
        option: String,
    },
    OnOff {
        name: String,
        value: String,
    },
    Unknown {
        name: String,
    },
    UnknownExpansion {
        name: String,
    },
    ExpansionTwice {
        name: String,
    },
    /// The value is none of `values`.
    Values {
        name: String,
        values: &'static [&'static str],
        value: String,
    },
    /// Not `name=value`.
    ValueForm {
        option: String,
    },
    Twice {
        name: String,
    },
    /// The option needs an expansion not in play (`None`: some Old City option).
    NeedsExpansion {
        name: Option<String>,
        expansion: &'static str,
    },
    /// B9.4: this farm scoring needs `oc-proportional=off`.
    FarmScoring {
        value: &'static str,
    },
}
