// Cosmo;code's public picture (referee/games/cosmocode/picture.py) drawn for a TV or a
// phone: the channel indicator, the three decks and discard piles, the cards revealed
// this attempt, and each seat's red cards, perk and hand size. Text only (textContent):
// every word from the game stays text. A card says its colour in words too, and a
// channel its Greek letter, so nothing is told by colour alone.
"use strict";

(function () {
  const PERKS = {a: "short reveals 3", b: "green pays for 4a/4b"};
  const LETTER = {blue: "B", green: "G", red: "R"};

  function part(el, tag, cls, text) {
    const node = el(tag, text);
    node.className = cls;
    return node;
  }

  // A signal card: its colour in words, its number and channel as it reads now.
  function card(el, colour, number, glyph, cls) {
    const node = part(el, "div", "cc-card cc-" + colour + (cls ? " " + cls : ""));
    node.appendChild(part(el, "span", "cc-card-colour", LETTER[colour] + " · " + colour));
    node.appendChild(part(el, "span", "cc-card-value", number + glyph));
    return node;
  }

  function indicator(el, channel) {
    const box = part(el, "div", "cc-indicator cc-ch-" + channel.channel);
    box.appendChild(part(el, "span", "cc-small", "channel"));
    box.appendChild(part(el, "span", "cc-glyph", channel.glyph));
    box.appendChild(part(el, "span", "cc-name", channel.name));
    return box;
  }

  function piles(el, list) {
    const box = part(el, "div", "cc-piles");
    list.forEach(function (pile) {
      const tile = part(el, "div", "cc-pile cc-" + pile.colour);
      const name = part(el, "span", "cc-pile-name");
      name.appendChild(part(el, "span", "cc-pile-range", pile.range));
      name.appendChild(part(el, "span", "cc-pile-colour", pile.colour + " deck"));
      tile.appendChild(name);
      const deck = part(el, "span", "cc-pile-deck");
      deck.appendChild(part(el, "b", "cc-count", String(pile.deck)));
      deck.appendChild(part(el, "span", "cc-small", " in deck"));
      tile.appendChild(deck);
      tile.appendChild(part(el, "span", "cc-pile-discard", pile.discard + " discarded"));
      box.appendChild(tile);
    });
    return box;
  }

  function attempt(el, tried, channel) {
    const box = part(el, "section", "cc-attempt cc-edge-" + tried.colour);
    box.appendChild(part(el, "h3", "cc-attempt-head",
      tried.player + " tries " + tried.range + " range (" + tried.colour + ")"));
    const row = part(el, "div", "cc-revealed");
    tried.cards.forEach(function (shown) {
      const cls = (shown.on ? "cc-on" : "cc-off") + (shown.takeable ? " cc-takeable" : "");
      const node = card(el, shown.colour, shown.number, shown.glyph, cls);
      const mark = shown.on ? "✓ on " : "✗ off ";  // on the indicated channel or not
      node.appendChild(part(el, "span", "cc-card-mark", mark + channel.glyph));
      if (shown.changed) node.appendChild(part(el, "span", "cc-card-was", "from " + shown.face));
      if (shown.takeable) node.appendChild(part(el, "span", "cc-card-take", "TAKE"));
      row.appendChild(node);
    });
    for (let i = tried.cards.length; i < tried.reveals; i += 1) {  // a table-mode reveal still to be named
      row.appendChild(part(el, "div", "cc-card cc-awaited", "?"));
    }
    box.appendChild(row);
    let note;
    if (!tried.cards.length) note = "the " + tried.reveals + " cards that came up are still to be named";
    else if (tried.takeable) note = tried.range === "short" ? "takes " + tried.takeable : "one may be taken";
    else note = "nothing to take yet";
    const notes = part(el, "p", "cc-notes");
    notes.appendChild(part(el, "span", tried.takeable ? "cc-good" : "", note));
    if (tried.tuned) notes.appendChild(part(el, "span", "cc-closed", "4c used: 4a/4b closed"));
    box.appendChild(notes);
    return box;
  }

  function seat(el, who, board) {
    const won = board.winners.indexOf(who.name) >= 0;
    const tile = part(el, "div", "cc-seat" + (who.acts ? " cc-acts" : "") + (won ? " cc-won" : ""));
    const head = part(el, "div", "cc-seat-head");
    head.appendChild(part(el, "span", "cc-seat-name", (who.acts ? "▶ " : "") + who.name));
    if (who.acts) head.appendChild(part(el, "span", "cc-seat-turn", "to play"));
    if (won) head.appendChild(part(el, "span", "cc-seat-turn", "★ wins"));
    tile.appendChild(head);
    const facts = part(el, "div", "cc-seat-facts");
    const reds = part(el, "span", "cc-seat-reds");
    reds.appendChild(part(el, "span", "cc-small", "reds " + who.reds.length + "/2"));
    who.reds.forEach(function (red) { reds.appendChild(card(el, "red", red.number, red.glyph, "cc-mini")); });
    facts.appendChild(reds);
    const hand = part(el, "span", "cc-hand");
    hand.appendChild(part(el, "b", "cc-hand-count", String(who.hand)));
    hand.appendChild(part(el, "span", "cc-small", who.hand === 1 ? " card in hand" : " cards in hand"));
    facts.appendChild(hand);
    tile.appendChild(facts);
    tile.appendChild(part(el, "div", "cc-perk" + (who.perk ? "" : " cc-none"),
      who.perk ? "perk " + who.perk + ": " + PERKS[who.perk] : "no perk yet"));
    return tile;
  }

  window.REFEREE_PICTURES = window.REFEREE_PICTURES || {};
  window.REFEREE_PICTURES.cosmocode = function (board, box, el) {
    const root = part(el, "div", "cc");
    const top = part(el, "div", "cc-top");
    top.appendChild(indicator(el, board.indicator));
    if (board.piles.length) top.appendChild(piles(el, board.piles));
    else top.appendChild(part(el, "p", "cc-small cc-table", "table mode: the decks lie on the table"));
    root.appendChild(top);
    if (board.attempt) root.appendChild(attempt(el, board.attempt, board.indicator));
    const seats = part(el, "div", "cc-seats");
    board.seats.forEach(function (who) { seats.appendChild(seat(el, who, board)); });
    root.appendChild(seats);
    root.appendChild(part(el, "p", "cc-status" + (board.over ? " cc-over" : ""), board.status));
    box.appendChild(root);
  };
}());
