"""The effects vocabulary of Import / Export, in one table: every word a goods card's powers may
say (goods.json's `effects`; goods.schema.json describes each one and refuses any other word,
naming the card and the place), with the function that plays it.

Game.build_content puts `WORDS` into the box (components.Words), and the interpreter reads the
words from there: powers.run looks an effect up in `effects` or `stops`, reading.holds a
condition in `conditions`. So no module fills another's table, and the interpreter needs none
of the modules built on it.

Read by the interpreter itself, and so not in the table:
- powers.run: `if`/`then`/`else` (a branch) and `each` (the effects once for each player);
- powers.end_scores: `score` (game-end credits);
- reading.holds: the conditions that read only what lies under it: `all`, `count` with
  `at_least`/`at_most`, `most` (`alone`), `most_types`, `twice_credits`, `room`, `tier_met`,
  `leader`, `acting`, `waiting`;
- reading.amount and reading.quantity: the amounts and counts.
"""

from __future__ import annotations

from .choices import ask
from .components import Words
from .effects import (
    c_draw_then,
    can_fill,
    e_call,
    e_chance,
    e_charge,
    e_collect,
    e_draw,
    e_draw_match,
    e_draw_to,
    e_draw_until_pair,
    e_extra_turn,
    e_fill,
    e_gain,
    e_give_each,
    e_load,
    e_load_pair,
    e_move,
    e_move_self,
    e_passive,
    e_pay,
    e_seed_island,
    e_spend_action,
    e_swap,
    e_take_all,
    e_win,
    fits_mine,
)
from .free import (
    e_activate,
    e_contract_card,
    e_contract_self,
    e_copy,
    e_free_action,
    e_imports_to_goods,
    e_load_self,
)
from .powers import Effect, Stop
from .reading import Condition

# word -> effect(state, who, spec, ctx): it changes the table, then the next effect runs
EFFECTS: dict[str, Effect] = {
    # credits (effects.py)
    "gain": e_gain,  # take credits from the bank
    "pay": e_pay,  # pay credits to the bank
    "passive": e_passive,  # passive credits, counted at game end only (HELICOPTER)
    "collect": e_collect,  # each other player (who meets `if`) gives me credits
    "charge": e_charge,  # the player who set the power off gives me credits
    "give_each": e_give_each,  # I give each other player credits
    "chance": e_chance,  # a coin flip: `then` or `else`
    "win": e_win,  # the power's owner wins at once (THE MOTHER LOAD)
    # cards drawn and moved (effects.py)
    "draw": e_draw,  # draw cards
    "draw_to": e_draw_to,  # draw until the hand holds so many (PLATINUM RINGS)
    "draw_until_pair": e_draw_until_pair,  # draw until two of a type (MESSAGE TABLES)
    "draw_match": e_draw_match,  # draw; on a match of a type or card, `then`
    "seed_island": e_seed_island,  # cards from the deck onto the supply island
    "move": e_move,  # one card from a place to another
    "move_self": e_move_self,  # this card leaves my shipments
    "take_all": e_take_all,  # every card of a type from the others (HAWAIIAN SALT)
    "swap": e_swap,  # two cards change places (STOLEN RESEARCH)
    # ships and the turn (effects.py)
    "load": e_load,  # a card from my hand loaded where it fits
    "load_pair": e_load_pair,  # two containers as one of another color (ROBOT CATS)
    "fill": e_fill,  # containers loaded while one fits (FLOUR)
    "spend_action": e_spend_action,  # the power costs actions of the turn (SMART CARS)
    "extra_turn": e_extra_turn,  # my next turn as the leader is two (DELAYED GAME)
    "call": e_call,  # a named effect a plugin provides in Python (hookspecs.py)
    # action-like effects and powers' own cards (free.py)
    "free_action": e_free_action,  # actions of a type now, without cards or a turn
    "contract_card": e_contract_card,  # a card from my hand contracted, no action (OYSTERS)
    "contract_self": e_contract_self,  # the power's card contracted (BAMBOO, LUTEFISK)
    "load_self": e_load_self,  # the power's card loaded as a container (SEGWAYS)
    "activate": e_activate,  # a card's one-time power, as if just completed (APPLES)
    "copy": e_copy,  # this card has another's powers from now on (WIND TURBINES)
    "imports_to_goods": e_imports_to_goods,  # imports of a type into the goods (SOY SAUCE)
}

# word -> stop(state, who, spec, rest, ctx): it is given the effects after it and runs them
# itself, once it may (a question's answer is in, a card is drawn)
STOPS: dict[str, Stop] = {
    "choose": ask,  # a player chooses (choices.py); the rest waits for the answer
    "draw_then": c_draw_then,  # draw a card, then `then` with it as "$drawn" (CELL PHONES)
}

# word -> test(state, who, value): the conditions that read what lies above reading.py
CONDITIONS: dict[str, Condition] = {
    "fits": fits_mine,  # the card (or a color) may be loaded onto one of my ships in harbor
    "can_fill": can_fill,  # my hand holds the card's whole load requirement
}

WORDS = Words(EFFECTS, STOPS, CONDITIONS)
