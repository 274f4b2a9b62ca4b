"""Power cards in Crafting the Cosmos (CT-5): gaining one (slot costs 2/3/3/4 matching
energy cards, the rulebook's Relativity Δ example, the power token derived) and using one
at the reference's cost (powercards.tsv), a card the reference lacks entered once."""

import pytest

from referee.core.errors import InputError, RuleError
from referee.core.pieces import Hand
from referee.games.cosmos import power, supplies
from referee.games.cosmos.state import CONTROLS, Nebula
from tests.cosmos.helpers import new_game, play, refused, with_hand, with_turn


def crafting(*cards, mode="digital", unknown=0, **board):
    state = with_turn(new_game(("Ann", "Ben"), mode=mode), "Ann", "craft")
    state = with_hand(state, "Ann", *cards, unknown=unknown)
    return supplies.board(state, 0, **board) if board else state


def holding(card, kind, *cards, slot=1, **board):
    slots = [None] * 4
    slots[slot - 1] = (card, kind)
    return crafting(*cards, power=tuple(slots), **board)


# -- the reference ------------------------------------------------------------------------


def test_power_reference_lists_the_16_cards_we_have():
    cards = power.reference()
    assert len(cards) == 16
    assert sum(c.type == "light" for c in cards.values()) == 8
    assert sum(c.type == "gravity" for c in cards.values()) == 8
    assert cards["core collapse"].cost == power.Cost(("any",), 1, 0)
    assert cards["speed of light"].cost.cards == ("matching",) * 5
    assert cards["wormhole"].cost == power.Cost(("any",), 0, 1)


def test_power_card_names_read_greek_letters_and_any_case():
    state = crafting()
    assert power.card_name(state, "relativity delta") == "Relativity Δ"
    assert power.card_name(state, "RELATIVITY  Φ") == "Relativity Φ"
    assert power.card_name(state, "Catalyst") == "Catalyst"
    assert power.cost_units(["2", "chem", "graviton"]) == ("chemistry", "chemistry", "graviton")
    with pytest.raises(InputError):
        power.cost_units(["banana"])


# -- gaining a power card -----------------------------------------------------------------


def test_power_rulebook_example_three_light_cards_slot_two_relativity_delta():
    state = crafting("light", "light", "light", "time")
    after = play(state, {"do": "power", "type": "light", "slot": 2, "card": "Relativity Δ"})
    b = after.boards[0]
    assert b.power == (None, ("Relativity Δ", "light"), None, None)
    assert after.hands[0] == Hand(("time",)) and after.discard[-3:] == ("light",) * 3
    assert after.power_tokens(0)[CONTROLS.index("light")] == 1  # the token in the light control


def test_power_slot_costs_2_3_3_4():
    state = crafting(*["gravity"] * 11)
    state = play(state, {"do": "power", "type": "gravity", "slot": 1, "card": "Pulsar"})
    assert len(state.hands[0]) == 9
    state = play(state, {"do": "power", "type": "gravity", "slot": 4, "card": "Star Stuff"})
    assert len(state.hands[0]) == 5
    state = play(state, {"do": "power", "type": "gravity", "slot": 3, "card": "Wormhole"})
    assert len(state.hands[0]) == 2 and state.power_tokens(0)[CONTROLS.index("gravity")] == 3
    refused(state, {"do": "power", "type": "gravity", "slot": 2, "card": "Solar Wind"}, "Power", "cannot pay")


def test_power_refusals():
    state = crafting(*["light"] * 4)
    # issue 20 item 2: a card the table drew from another deck than the reference lists is taken (G-1, CT-8)
    other = play(crafting(*["time"] * 4), {"do": "power", "type": "time", "slot": 1, "card": "Relativity Δ"})
    assert other.boards[0].power[0] == ("Relativity Δ", "time")
    refused(state, {"do": "power", "type": "light", "slot": 5, "card": "Time Dilation"}, "Power")
    taken = play(state, {"do": "power", "type": "light", "slot": 1, "card": "Time Dilation"})
    refused(taken, {"do": "power", "type": "light", "slot": 1, "card": "Amino Acids"}, "Power", "slot 1 is filled")
    refused(taken, {"do": "power", "type": "light", "slot": 2, "card": "time dilation"}, "Power", "already in Ann")
    full = supplies.board(state, 0, power=(("a", "time"), ("b", "time"), ("c", "time"), ("d", "time")))
    refused(full, {"do": "power", "type": "light", "slot": 1, "card": "Pulsar"}, "Power", "no free power card slot")
    error = refused(crafting("time", "time"), {"do": "power", "type": "light", "slot": 1, "card": "Amino Acids"},
                    "Power")
    assert "time" not in str(error) and error.private is None and "`hand Ann`" in str(error)  # issue 18 item 4


def test_ct4_power_deck_of_a_type_runs_out():
    state = with_turn(new_game(("Ann", "Ben", "Cy")), "Ann", "craft")
    state = with_hand(state, "Ann", "time", "time")
    state = supplies.board(state, 1, power=tuple((f"L{i}", "time") for i in range(4)))
    state = supplies.board(state, 2, power=tuple((f"M{i}", "time") for i in range(4)))
    refused(state, {"do": "power", "type": "time", "slot": 1, "card": "Y"}, "CT-4", "time power deck is empty")
    state = supplies.board(state, 2, power=(None,) + tuple((f"M{i}", "time") for i in range(3)))
    state = play(state, {"do": "power", "type": "time", "slot": 1, "card": "X"})  # the eighth time card
    assert state.boards[0].power[0] == ("X", "time")


def test_power_a_light_or_gravity_card_the_reference_lacks_is_a_slip():
    state = crafting("light", "light")
    refused(state, {"do": "power", "type": "light", "slot": 1, "card": "relativity dleta"}, "Power",
            "did you mean Relativity Δ")
    refused(state, {"do": "power", "type": "light", "slot": 1, "card": "Banana"}, "Power", "Molecular Cloud")
    time_card = play(crafting("time", "time"), {"do": "power", "type": "time", "slot": 1, "card": "Catalyst"})
    assert time_card.boards[0].power[0] == ("Catalyst", "time")  # time cards: not in our reference


# -- using a power card -------------------------------------------------------------------


def test_power_use_speed_of_light_six_points_and_a_star_loose():
    state = holding("Speed of Light", "light", *["time"] * 5)
    after = play(state, {"do": "use", "card": "Speed of Light", "pay": ["time"] * 5, "star": "C"})
    b = after.boards[0]
    assert b.points[2] == 6 and b.loose_stars == (0, 0, 0, 1) and after.left("C") == state.left("C") - 1
    refused(state, {"do": "use", "card": "Speed of Light", "pay": ["time"] * 5}, "Use", "which star")
    mixed = holding("Speed of Light", "light", *["time"] * 4, "light")
    refused(mixed, {"do": "use", "card": "Speed of Light", "pay": ["time"] * 4 + ["light"], "star": "C"}, "Use")


def test_power_use_time_dilation_is_one_crystal_step():
    state = holding("Time Dilation", "light", "light", "light")
    once = play(state, {"do": "use", "card": "Time Dilation", "pay": ["light"]})
    twice = play(once, {"do": "use", "card": "Time Dilation", "pay": ["light"]})  # as often as affordable
    assert twice.boards[0].chamber == 2
    refused(twice, {"do": "use", "card": "Time Dilation", "pay": ["light"]}, "Use", "cannot pay")


def test_power_use_core_collapse_any_card_and_a_graviton():
    state = holding("Core Collapse", "gravity", "chemistry", stars=(1, 1, 0, 0), graviton=1)
    after = play(state, {"do": "use", "card": "Core Collapse", "pay": ["chemistry"], "target": "He"})
    b = after.boards[0]
    assert b.stars == (1, 0, 0, 0) and b.novae == (0, 1, 0, 0) and b.graviton == 0
    refused(supplies.board(state, 0, graviton=0), {"do": "use", "card": "Core Collapse", "pay": ["chemistry"],
                                                   "target": "He"}, "Use", "graviton")
    refused(state, {"do": "use", "card": "Core Collapse", "pay": ["chemistry"], "target": "O"}, "Use", "no regular O")
    refused(state, {"do": "use", "card": "Core Collapse", "pay": ["chemistry", "chemistry"], "target": "He"}, "Use")


def test_power_use_amino_acids_and_wormhole_move_life_through_the_supply():
    state = holding("Amino Acids", "light", "chemistry")
    after = play(state, {"do": "use", "card": "Amino Acids", "pay": ["chemistry"]})
    assert after.boards[0].stable == 1 and after.left("life") == state.left("life") - 1
    worm = holding("Wormhole", "gravity", "time", stable=1)
    moved = play(worm, {"do": "use", "card": "Wormhole", "pay": ["time"], "piece": "3 proto"})
    assert moved.boards[0].stable == 0 and moved.left("life") == worm.left("life") + 1
    refused(holding("Wormhole", "gravity", "time"), {"do": "use", "card": "Wormhole", "pay": ["time"]}, "Use",
            "stable life")


def test_power_use_star_stuff_gain_or_replace():
    state = holding("Star Stuff", "gravity", "light", "light")
    gained = play(state, {"do": "use", "card": "Star Stuff", "pay": ["light"], "nebula": "gain"})
    assert gained.boards[0].loose_nebulae == (1, 0, 0)
    replaced = play(state, {"do": "use", "card": "Star Stuff", "pay": ["light"], "nebula": "replace"})
    assert replaced.boards[0].nebulae[0] == Nebula(2) and replaced.left("nebula1") == state.left("nebula1") + 1
    done = supplies.board(state, 0, nebulae=(Nebula(1, True, 3), Nebula(2), Nebula(3)))
    refused(done, {"do": "use", "card": "Star Stuff", "pay": ["light"], "nebula": "replace"}, "Use", "incomplete")


def test_power_use_nuclear_fission_and_solar_wind():
    state = holding("Nuclear Fission", "light", "time", "time", novae=(0, 0, 1, 0))
    after = play(state, {"do": "use", "card": "Nuclear Fission", "pay": ["time", "time"], "target": "O",
                         "supernova": True, "star": "H"})
    b = after.boards[0]
    assert b.novae == (0, 0, 0, 0) and b.loose_stars == (1, 0, 0, 0) and b.chamber == 1
    assert after.left("O") == state.left("O") + 1
    wind = holding("Solar Wind", "gravity", "chemistry", "chemistry", stars=(1, 0, 0, 0), proto=3)
    blown = play(wind, {"do": "use", "card": "Solar Wind", "pay": ["chemistry"] * 2, "target": "H", "count": 2})
    assert blown.boards[0].novae == (1, 0, 0, 0) and (blown.boards[0].proto, blown.boards[0].stable) == (1, 2)
    refused(wind, {"do": "use", "card": "Solar Wind", "pay": ["chemistry"] * 2, "target": "H", "count": 4}, "Use")


def test_power_use_only_a_card_held_in_a_slot():
    state = holding("Pulsar", "gravity", "gravity")
    refused(state, {"do": "use", "card": "Time Dilation", "pay": ["light"]}, "Use", "no power card")


def test_power_use_a_card_the_reference_lacks_is_entered_once():
    state = holding("Catalyst", "chemistry", "chemistry", "chemistry", "chemistry", "chemistry")
    refused(state, {"do": "use", "card": "Catalyst", "pay": ["chemistry"] * 2}, "CT-5", "cost chem chem")
    once = play(state, {"do": "use", "card": "catalyst", "pay": ["chemistry"] * 2, "cost": ["chemistry"] * 2,
                        "points": 3})
    assert once.learned == (("Catalyst", "chemistry", ("chemistry", "chemistry")),)
    assert once.boards[0].points[2] == 3
    twice = play(once, {"do": "use", "card": "Catalyst", "pay": ["chemistry"] * 2})  # remembered
    assert len(twice.hands[0]) == 0 and twice.learned == once.learned
    refused(once, {"do": "use", "card": "Catalyst", "pay": ["chemistry"], "cost": ["chemistry"]}, "Use", "costs")


def test_power_fits_costs():
    cost = power.Cost(("time", "any"))
    assert power.fits(cost, ["light", "time"]) and not power.fits(cost, ["light", "light"])
    five = power.Cost(("matching",) * 5)
    assert power.fits(five, ["gravity"] * 5) and not power.fits(five, ["gravity"] * 4 + ["time"])


# -- the commands -------------------------------------------------------------------------

from referee.games.cosmos import reading_power, replies  # noqa: E402
from tests.cosmos.test_craft import Table, command  # noqa: E402


def test_power_command_names_the_card_and_takes_the_cheapest_free_slot():
    state = supplies.board(crafting("light", "light", "light"), 0, power=(("Pulsar", "gravity"), None, None, None))
    table = Table(state)
    reply = command(table, "power", "l relativity delta")
    assert table.done[-1] == {"do": "power", "type": "light", "slot": 2, "card": "Relativity Δ", "by": "Ann"}
    assert "light control" in reply
    with pytest.raises(InputError):
        command(Table(state), "power", "light Time Dilation slot")
    table = Table(crafting("light", "light", "light"))
    command(table, "power", "light Amino Acids slot 3")
    assert table.state.boards[0].power[2] == ("Amino Acids", "light")


def test_power_use_command_reads_choices_and_pays():
    state = holding("Speed of Light", "light", *["time"] * 5)
    assert reading_power.read_use(state, "speed of light C pay t".split()) == \
        {"do": "use", "card": "Speed of Light", "pay": ["time"] * 5, "star": "C"}
    fission = holding("Nuclear Fission", "light")
    assert reading_power.read_use(fission, "nuclear fission O supernova H".split()) == \
        {"do": "use", "card": "Nuclear Fission", "pay": ["time", "time"], "target": "O", "supernova": True,
         "star": "H"}
    collapse = holding("Core Collapse", "gravity")
    with pytest.raises(InputError):  # any card pays: say which
        reading_power.read_use(collapse, "core collapse He".split())
    assert reading_power.read_use(collapse, "core collapse He pay c".split())["pay"] == ["chemistry"]
    catalyst = holding("Catalyst", "chemistry")
    assert reading_power.read_use(catalyst, "catalyst cost 2 chem points 3".split()) == \
        {"do": "use", "card": "Catalyst", "cost": ["chemistry", "chemistry"], "points": 3,
         "pay": ["chemistry", "chemistry"]}
    with pytest.raises(InputError):
        reading_power.read_use(holding("Pulsar", "gravity"), "pulsar banana".split())


def test_power_use_command_end_to_end():
    table = Table(holding("Time Dilation", "light", "light"))
    reply = command(table, "use", "time dilation")
    assert "uses Time Dilation" in reply and table.state.boards[0].chamber == 1


def test_power_use_binary_star_pulsar_white_dwarf_relativity_shooting_star():
    binary = holding("Binary Star", "gravity", "time", novae=(0, 1, 0, 0), graviton=1)
    after = play(binary, {"do": "use", "card": "Binary Star", "pay": ["time"], "target": "He"})
    assert after.boards[0].novae == (0, 0, 0, 0) and after.boards[0].stars[1] == 1
    pulsar = play(holding("Pulsar", "gravity", "gravity", graviton=1), {"do": "use", "card": "Pulsar",
                                                                        "pay": ["gravity"]})
    assert pulsar.boards[0].chamber == 2 and pulsar.boards[0].graviton == 0
    dwarf = play(holding("White Dwarf", "gravity", "time", "time"), {"do": "use", "card": "White Dwarf",
                                                                     "pay": ["time", "time"], "target": "H"})
    assert dwarf.boards[0].novae == (1, 0, 0, 0) and dwarf.boards[0].chamber == 1
    delta = play(holding("Relativity Δ", "light", "time", "time"), {"do": "use", "card": "Relativity Δ",
                                                                    "pay": ["time", "time"], "star": "O"})
    assert delta.boards[0].stars == (1, 0, 1, 0) and delta.boards[0].loose_stars == (0, 0, 0, 0)
    shot = holding("Shooting Star", "gravity", "gravity")
    # issue 20 item 13: a star the board holds (Ann has 1 H, no He)
    moved = play(shot, {"do": "use", "card": "Shooting Star", "pay": ["gravity"], "piece": "H"})
    assert moved.boards[0].stars == shot.boards[0].stars and len(moved.hands[0]) == 0


# -- property: pieces are conserved, nothing goes below zero ---------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from referee.games.cosmos.state import SIZES, STARS  # noqa: E402

CARDS = ("Speed of Light", "Nuclear Fission", "Amino Acids", "Star Stuff", "Wormhole", "Solar Wind",
         "Core Collapse", "Relativity Φ")
ACTIONS = (
    [{"do": "place"}, {"do": "place", "stars": ["H", "He"]}, {"do": "place", "nebulae": [1], "proto": 1},
     {"do": "stabilise", "count": 2}, {"do": "end", "choice": "stabilise"}, {"do": "discharge", "crystals": 1,
                                                                             "stars": ["O"]}]
    + [{"do": "supernova", "star": s} for s in STARS] + [{"do": "end", "choice": "nebula", "size": n} for n in SIZES]
    + [{"do": "advanced", "size": n, "proto": p} for n in SIZES for p in (0, 3, 6)]
    + [{"do": "set", "type": "light"}, {"do": "power", "type": "gravity", "slot": 4, "card": "Pulsar"}]
    + [{"do": "use", "card": "Speed of Light", "pay": ["light"] * 5, "star": s} for s in STARS]
    + [{"do": "use", "card": "Nuclear Fission", "pay": ["time"] * 2, "target": t, "star": "H", "supernova": nova}
       for t in STARS for nova in (False, True)]
    + [{"do": "use", "card": "Amino Acids", "pay": ["chemistry"]},
       {"do": "use", "card": "Star Stuff", "pay": ["time"], "nebula": "gain"},
       {"do": "use", "card": "Star Stuff", "pay": ["time"], "nebula": "replace"},
       {"do": "use", "card": "Wormhole", "pay": ["light"]},
       {"do": "use", "card": "Solar Wind", "pay": ["chemistry"] * 2, "target": "H", "count": 2},
       {"do": "use", "card": "Core Collapse", "pay": ["light"], "target": "C"},
       {"do": "use", "card": "Relativity Φ", "pay": ["chemistry"] * 2, "star": "C"}])


def pieces(state):
    """Per star type, life and nebula size: what the boards and the supplies hold in all."""
    totals = {}
    for index, star in enumerate(STARS):
        totals[star] = state.left(star) + sum(b.stars[index] + b.novae[index] + b.loose_stars[index]
                                              for b in state.boards)
    totals["life"] = state.left("life") + sum(b.proto + b.stable + b.loose_proto for b in state.boards)
    for index, size in enumerate(SIZES):
        totals[size] = state.left(f"nebula{size}") + sum(
            sum(n.size == size for n in b.nebulae) + b.loose_nebulae[index] for b in state.boards)
    return totals


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from(range(len(ACTIONS))), min_size=1, max_size=25),
       st.tuples(*[st.integers(0, 3)] * 4), st.integers(0, 6), st.integers(0, 4), st.booleans())
def test_ct4_craft_moves_conserve_pieces_and_never_go_below_zero(picks, loose, proto, sliders, short):
    slots = tuple((name, power.reference()[power.key(name)].type) for name in CARDS[:4])
    state = crafting(*(["light"] * 6 + ["time"] * 4 + ["chemistry"] * 4 + ["gravity"] * 4),
                     loose_stars=loose, proto=proto, stable=6 - proto, supernova=sliders, dna=sliders,
                     graviton=sliders, crystals=1, power=slots,
                     nebulae=(Nebula(1), Nebula(2, True, 5), Nebula(3, True, 9)))
    if short:  # supplies nearly out
        supply = dict(state.supply)
        for name in ("H", "C", "life", "nebula1", "nebula2"):
            supply[name] = supply[name].take(supply[name].count - 1)
        state = supplies.board(evolve_supply(state, supply), 0)
    totals = pieces(state)
    for pick in picks:
        action = ACTIONS[pick]
        if action.get("card") in CARDS[4:] and state.turn is not None and state.phase == "craft":
            seat = state.turn
            free = power.free_slots(state.boards[seat])
            if free and not power.holder(state, action["card"]):
                kind = power.reference()[power.key(action["card"])].type
                slots = list(state.boards[seat].power)
                slots[free[0] - 1] = (action["card"], kind)
                state = supplies.board(state, seat, power=tuple(slots))
        try:
            state = play(state, action)
        except RuleError:
            continue
        assert all(s.count >= 0 for s in state.supply.values())
        assert pieces(state) == totals, action
        for b in state.boards:
            counts = b.stars + b.novae + b.loose_stars + b.loose_nebulae
            assert min(counts) >= 0 and min(b.proto, b.stable, b.loose_proto, b.supernova, b.dna, b.graviton) >= 0


def evolve_supply(state, supply):
    from referee.core.states import evolve

    return evolve(state, supply=supply)


def test_power_use_command_knows_a_held_card_by_part_of_its_name_and_says_what_changed():
    table = Table(holding("Nuclear Fission", "light", "time", "time", stars=(1, 0, 1, 0)))
    reply = command(table, "use", "fission O H")
    assert table.done[-1]["card"] == "Nuclear Fission" and table.done[-1]["target"] == "O"
    assert "discards O" in reply and "+1 H loose" in reply and "-1 O" in reply
    with pytest.raises(RuleError):  # a part of no held card's name: the rules say so
        command(Table(holding("Pulsar", "gravity", "gravity")), "use", "fission O H")


def test_power_completion_offers_the_cards_of_that_type_not_in_play():
    state = supplies.board(crafting(), 1, power=(("Relativity Ψ", "light"), None, None, None))
    table = Table(state)
    first = reading_power.complete_power(table, ["light"])
    assert "Relativity" in first and "Pulsar" not in first
    assert reading_power.complete_power(table, ["light", "relativity"]) == ["Δ", "Φ"]
    assert reading_power.complete_power(table, ["light", "time", "dilation"]) == ["slot"]


def test_power_use_refusals_of_choices_and_empty_supplies():
    stuff = holding("Star Stuff", "gravity", "time")
    refused(stuff, {"do": "use", "card": "Star Stuff", "pay": ["time"], "nebula": "steal"}, "Use", "gain or replace")
    refused(stuff, {"do": "use", "card": "Star Stuff", "pay": ["time"]}, "Use", "say")
    speed = holding("Speed of Light", "light", *["time"] * 5)
    from referee.core.states import evolve
    supply = dict(speed.supply)
    supply["C"] = supply["C"].take(supply["C"].count)
    refused(evolve(speed, supply=supply), {"do": "use", "card": "Speed of Light", "pay": ["time"] * 5, "star": "C"},
            "CT-4", "C star reserve is empty")
    refused(speed, {"do": "use", "card": "Speed of Light", "pay": ["time"] * 5, "star": "Xe"}, "Use", "not a star")
    refused(speed, {"do": "use", "card": "Speed of Light", "pay": ["time"] * 5, "star": "C", "points": 6}, "Use",
            "in the reference")


def test_power_a_time_card_named_close_to_a_reference_card_is_asked_about():
    state = crafting("time", "time")
    asked = Table(state, confirm=False)
    with pytest.raises(InputError) as caught:
        command(asked, "power", "time Time Dilaton")
    assert "did you mean Time Dilation" in str(caught.value) and not asked.done
    assert asked.asked and "Keep 'Time Dilaton' as named?" in asked.asked[0]
    kept = Table(state)
    command(kept, "power", "time Time Dilaton !")
    assert kept.state.boards[0].power[0] == ("Time Dilaton", "time") and not kept.asked
    fresh = Table(state)
    command(fresh, "power", "time Catalyst")
    assert not fresh.asked and fresh.state.boards[0].power[0] == ("Catalyst", "time")
