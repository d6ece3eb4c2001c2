"""Rounds shared by the engine tests (plain data, no Django)."""

# round-format.md's worked example, with the tiles of the opening and of the winner.
WORKED_WITH_TILES = {
    "ruleset": "changsha-67",
    "dealer": 0,
    "openings": [{"seat": 1, "hands": ["sixi"], "birds": [2, 5], "tiles": "2222m345s678p119s"}],
    "result": {
        "kind": "discard",
        "winners": [
            {
                "seat": 2,
                "hands": ["qingyise", "pengpenghu"],
                "tiles": "11133366677799p",
                "melds": [],
                "win_tile": "9p",
            }
        ],
        "discarder": 3,
        "birds": [3, 7],
    },
}
