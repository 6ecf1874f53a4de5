"""Import / Export as numbers for RL (`Game.observation`, dockyard.interop): a fixed layout from
the box's components, the same length for every table of one player count and variants.

Only what the seat's view shows (view.py): its own hand, never another's (their sizes
only); the deck's size, never its order; the discard pile's top card; a bid before the reveal
only if it is the observer's own. Cards are numbered in the box's order (the base game's
goods.json, then each expansion's), ships by owner and number, and players come in seat order
starting with the observer, so one network plays every seat. Built straight from the state with
a layout worked out once per box and player count: no JSON view per step. `layout` names each
block; content/import_export/README.md shows the table (`readme_table`), and a test keeps the
two the same.
"""

from __future__ import annotations

from dockyard.observing import Layout

from .components import ACTIONS, GOOD_TYPES, Box
from .playing_a_turn import PHASES
from .reading import modifiers
from .state import DRAW, FOLLOW, LEAD, ImportExportState

PHASE_NAMES = tuple(p.name for p in PHASES)
DID = (LEAD, FOLLOW, DRAW)
CREDITS_SCALE = 100.0  # credits, bids: twice the standard game's goal (a game ends near it)
COUNT_SCALE = 5.0  # cards in a pile of a harbor, actions, tiers
SIZE_SCALE = 20.0  # hand sizes, limits


def layout(c: Box, players: int) -> Layout:
    """The blocks of the observation for `players` players of the box `c`."""
    n, cards, k = players, len(c.cards), c.ships_per_harbor
    slots = n * k
    per = "per player"
    by_card = f"by card ({cards} in the box's order)"
    types, actions = ", ".join(GOOD_TYPES), ", ".join(ACTIONS)
    colors = ", ".join(c.containers[t] for t in GOOD_TYPES)
    out = Layout()
    out.add("phase", len(PHASE_NAMES), f"the phase, one-hot: {', '.join(PHASE_NAMES)}")
    out.add("declared", len(ACTIONS), f"the action led this turn, one-hot ({actions}; 0: none)")
    out.add("leader", n, f"{per}: 1 for the leader")
    out.add("to_act", n, f"{per}: 1 for a player to act now")
    out.add("deck", 1, "cards in the deck / the box's cards")
    out.add("discard", 1, "cards in the discard pile / the box's cards")
    out.add("bank", 1, "credits in the bank / all credits in the box")
    out.add("end_credits", 1, "the active credits that end the game / 100")
    out.add("import_round", 1, "import rounds played this turn / players")
    out.add("hand", cards, f"{by_card}: 1 for a card in the observer's hand")
    out.add("discard_top", cards, f"{by_card}: 1 for the discard pile's top card")
    out.add("island", cards, f"{by_card}: 1 for a card on the supply island")
    out.add("played", cards, f"{by_card}: 1 for a card played to lead or follow this turn")
    out.add("sea", cards, f"{by_card}: 1 for a container on a ship at sea")
    out.add("auctioned", cards, f"{by_card}: 1 for a container on the ship being imported")
    out.add("credits", n, f"{per}: active credits / {CREDITS_SCALE:g}")
    out.add("passive", n, f"{per}: passive credits / {CREDITS_SCALE:g}")
    out.add("hand_size", n, f"{per}: cards in hand / {SIZE_SCALE:g}")
    out.add("imports", n * len(ACTIONS), f"{per}, by action ({actions}): imports / 5")
    out.add("goods", n * len(GOOD_TYPES), f"{per}, by good type ({types}): goods / 5")
    out.add("tiers", n * len(GOOD_TYPES), f"{per}, by good type: tier level / 5")
    out.add("limits", n * 2, f"{per}: imports limit, goods limit / {SIZE_SCALE:g}")
    out.add("did", n * len(DID), f"{per}: what they did this turn, one-hot ({', '.join(DID)})")
    out.add("actions_left", n, f"{per}: actions left this turn / 5")
    out.add("sold", n, f"{per}: 1 if they sold to the island this turn")
    out.add("shipments", n * cards, f"{per}, {by_card}: 1 for a completed shipment (its power)")
    out.add("contracts", n * cards, f"{per}, {by_card}: 1 for a contract on a ship in harbor")
    ships = f"per ship ({k} per player, by number)"
    out.add("ship_home", slots, f"{ships}: 1 when it is in its owner's harbor")
    out.add("ship_at_sea", slots, f"{ships}: 1 when it is at sea")
    need = f"{ships}, by container color ({colors})"
    out.add("ship_needs", slots * 5, f"{need}: containers its contracts need / ship capacity")
    out.add("ship_loaded", slots * 5, f"{need}: containers loaded on it / ship capacity")
    out.add("auction", 1, "1 while an import is under way")
    out.add("auction_ship", slots, f"{ships}: 1 for the ship being imported")
    out.add("bidders", n, f"{per}: 1 for a bidder")
    out.add("have_bid", n, f"{per}: 1 for a bidder whose bid is in")
    out.add("bids", n, f"{per}: the bid / {CREDITS_SCALE:g}, once every bid is in (0 before)")
    out.add("my_bid", 1, f"the observer's own bid / {CREDITS_SCALE:g}, before the reveal too")
    out.add("winner", n, f"{per}: 1 for the import's winner")
    out.add("to_take", 1, "containers the winner still takes / ship capacity")
    return out


class _Plan:
    """A box's layout for one player count, with the numbers `observation` looks up."""

    def __init__(self, c: Box, players: int) -> None:
        self.box = c
        self.layout = layout(c, players)
        self.at = {b.name: b.offset for b in self.layout.blocks}
        self.card = {card.id: i for i, card in enumerate(c.cards)}
        self.type = {card.id: GOOD_TYPES.index(card.type) for card in c.cards}
        self.action = {card.id: ACTIONS.index(card.action) for card in c.cards}
        colors = [c.containers[t] for t in GOOD_TYPES]
        self.color = {card.id: colors.index(card.color) for card in c.cards}
        self.needs = {
            card.id: [(colors.index(color), n) for color, n in card.load if color in colors]
            for card in c.cards
        }
        self.number = {
            f"{h.color}-{i}": i - 1 for h in c.harbors for i in range(1, c.ships_per_harbor + 1)
        }


_PLANS: dict[tuple[int, int], _Plan] = {}


def _plan(c: Box, players: int) -> _Plan:
    key = (id(c), players)
    plan = _PLANS.get(key)
    if plan is None or plan.box is not c:
        if len(_PLANS) > 64:
            _PLANS.clear()
        plan = _PLANS[key] = _Plan(c, players)
    return plan


def observation_size(state: ImportExportState) -> int:
    return _plan(state.c, len(state.players)).layout.size


def observation(state: ImportExportState, seat: int) -> list[float]:
    """`seat`'s observation, laid out as `layout` says."""
    c = state.c
    n = len(state.players)
    plan = _plan(c, n)
    at, card_at = plan.at, plan.card
    out = [0.0] * plan.layout.size
    out[at["phase"] + state.flow.phase] = 1.0
    if state.declared is not None:
        out[at["declared"] + ACTIONS.index(state.declared)] = 1.0
    rel = [(s - seat) % n for s in range(n)]  # each seat's place, the observer's 0
    out[at["leader"] + rel[state.leader]] = 1.0
    for s in state.flow.active:
        out[at["to_act"] + rel[s]] = 1.0
    size = len(c.cards)
    out[at["deck"]] = len(state.deck) / size
    out[at["discard"]] = len(state.discard) / size
    out[at["bank"]] = state.bank / c.credits_total
    out[at["end_credits"]] = state.end_credits / 100.0
    out[at["import_round"]] = state.import_round / n
    for name, cards in (
        ("hand", state.hands[seat]),
        ("discard_top", state.discard[-1:]),
        ("island", state.island),
    ):
        base = at[name]
        for card in cards:
            out[base + card_at[card]] = 1.0
    base = at["played"]
    for cards in state.played:
        for card in cards:
            out[base + card_at[card]] = 1.0
    _players(state, plan, out, rel)
    _ships(state, plan, out, rel)
    return out


def _players(state: ImportExportState, plan: _Plan, out: list[float], rel: list[int]) -> None:
    at, card_at, size, n = plan.at, plan.card, len(plan.box.cards), len(rel)
    order = sorted(range(n), key=rel.__getitem__)  # the seats, the observer's first
    a = at["credits"]
    out[a : a + n] = [state.credits[s] / CREDITS_SCALE for s in order]
    a = at["passive"]
    out[a : a + n] = [state.passive[s] / CREDITS_SCALE for s in order]
    a = at["hand_size"]
    out[a : a + n] = [len(state.hands[s]) / SIZE_SCALE for s in order]
    a = at["actions_left"]
    out[a : a + n] = [state.actions_left[s] / COUNT_SCALE for s in order]
    a = at["sold"]
    out[a : a + n] = [float(state.sold[s]) for s in order]
    limits = state.c.rules["limits"]
    each_imports = limits["imports_per_shipment"] / SIZE_SCALE
    each_goods = limits["goods_per_shipment"] / SIZE_SCALE
    imports, goods, tiers, did = at["imports"], at["goods"], at["tiers"], at["did"]
    for j, s in enumerate(order):
        for card in state.imports[s]:
            out[imports + j * 5 + plan.action[card]] += 1.0 / COUNT_SCALE
        for card in state.goods[s]:
            out[goods + j * 5 + plan.type[card]] += 1.0 / COUNT_SCALE
        shipments = state.shipments[s]
        virtual = len(modifiers(state, s, "virtual-goods")) / COUNT_SCALE if shipments else 0.0
        b = tiers + j * 5
        out[b : b + 5] = [x + virtual for x in out[goods + j * 5 : goods + j * 5 + 5]]
        home = state.tiers[s]
        if home is not None:
            out[b + GOOD_TYPES.index(home)] += 1.0 / COUNT_SCALE
        shipped = limits["base_shipments"] + len(shipments)
        out[at["limits"] + 2 * j] = each_imports * shipped
        out[at["limits"] + 2 * j + 1] = each_goods * shipped
        if state.did[s] is not None:
            out[did + j * 3 + DID.index(state.did[s])] = 1.0
        base = at["shipments"] + j * size
        for card in shipments:
            out[base + card_at[card]] = 1.0


def _ships(state: ImportExportState, plan: _Plan, out: list[float], rel: list[int]) -> None:
    at, card_at, size = plan.at, plan.card, len(plan.box.cards)
    k = plan.box.ships_per_harbor
    full = float(plan.box.ship_capacity)
    auction = state.auction
    for ship in state.ships:
        slot = rel[ship.owner] * k + plan.number[ship.id]
        if ship.at_sea:
            out[at["ship_at_sea"] + slot] = 1.0
            for card in ship.loaded:
                out[at["sea"] + card_at[card]] = 1.0
        else:
            out[at["ship_home"] + slot] = 1.0
            base = at["contracts"] + rel[ship.owner] * size
            for card in ship.contracts:
                out[base + card_at[card]] = 1.0
                for color, count in plan.needs[card]:
                    out[at["ship_needs"] + slot * 5 + color] += count / full
        for card in ship.loaded:
            out[at["ship_loaded"] + slot * 5 + plan.color[card]] += 1.0 / full
        if auction is not None and auction.ship == ship.id:
            out[at["auction_ship"] + slot] = 1.0
            for card in ship.loaded:
                out[at["auctioned"] + card_at[card]] = 1.0
    if auction is None:
        return
    out[at["auction"]] = 1.0
    revealed = len(auction.bids) == len(auction.bidders)
    for s in auction.bidders:
        out[at["bidders"] + rel[s]] = 1.0
        if s in auction.bids:
            out[at["have_bid"] + rel[s]] = 1.0
            if revealed:
                out[at["bids"] + rel[s]] = auction.bids[s] / CREDITS_SCALE
    seat = rel.index(0)
    if seat in auction.bids:
        out[at["my_bid"]] = auction.bids[seat] / CREDITS_SCALE
    if auction.winner is not None:
        out[at["winner"] + rel[auction.winner]] = 1.0
    out[at["to_take"]] = auction.to_take / full


def readme_table(c: Box) -> str:
    """The README's section: the table for 2 players of the base game, and every size."""
    sizes = ", ".join(f"{n} players {layout(c, n).size}" for n in range(2, 7))
    return (
        "A block marked per player holds one part per player, the observer's first, then the "
        "others in seat order from the observer; ships come the same way, each player's by "
        "number.\n\n"
        f"{layout(c, 2).markdown()}\n\nThat is 2 players of the base game; the per-player and "
        f"per-ship blocks grow with the table: {sizes} numbers. An expansion's cards lengthen "
        "each block by card: every table of one player count and variants has one size."
    )


if __name__ == "__main__":  # python -m dockyard.plugins.import_export.observation
    from dockyard import Session

    print(readme_table(Session("import-export").state.c))
