// AVES's rules and help panel, for players (the shell's "Rules" button opens it).

export function helpPanel(el) {
  const item = (...parts) => el("li", {}, ...parts);
  return el("div", { class: "aves-help" },
    el("p", {}, el("b", {}, "Goal: "), "be the first to hold all seven colours (red, orange, yellow, green, blue, ",
      "indigo, violet), or the best hand when the deck runs out."),
    el("p", {}, el("b", {}, "Your turn: "), "put a card of your hand into a gap of the circle, between two neighbouring cards."),
    el("ul", {},
      item(el("b", {}, "Match: "), "if the difference of the two neighbours equals your card's number ",
        "(a 3 between a 2 and a 5), you take both neighbours; your card stays in their place."),
      item(el("b", {}, "No match: "), "your card stays in the gap and you draw a card from the deck."),
      item("The circle is a ring: the last gap joins the last card to the first. When one card is left, ",
        "the deck refills the circle."),
      item(el("b", {}, "Hand limit 7: "), "with 8 cards you return one to any gap, taking nothing. If you hold a colour ",
        "twice, the card must be of such a colour.")),
    el("p", {}, el("b", {}, "Crows "), "(a variant) count 0: a crow goes only between two equal numbers, is never ",
      "returned, and a hand with a crow cannot win. ", el("b", {}, "Showdown: "), "hands are face up."),
    el("p", {}, el("b", {}, "The end: "), "seven colours and no crow win at once. When the deck is empty, the best ",
      "hand wins: no crow, then most colours, then most fruit cards; ties share the win."),
    el("p", {}, el("b", {}, "In this page: "), "click a card of your hand, then a gold gap; ✓ marks a match. ",
      "By keyboard: Tab to a card, Enter, Tab to a gap, Enter (Escape lets the card go)."));
}
