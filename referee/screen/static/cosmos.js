// Crafting the Cosmos's public picture (referee/games/cosmos/picture.py) drawn for a TV or
// a phone: the ring of the four controls with each energy token (a player's tag, or • for
// a dark one) and power token, the goal track and the goals left, the energy card display,
// the supplies, and each seat's points, hand size and board. Text only (textContent):
// every word from the game stays text. A control or card says its name and a glyph, a
// token its player's tag, so nothing is told by colour alone.
"use strict";

(function () {
  const GLYPH = {light: "☀", time: "◷", gravity: "◉", chemistry: "⚗"};
  const GAIN = {H: "H", He: "He", O: "O", C: "C", dna: "DNA", supernova: "supernova", nebula: "nebula"};
  const PASSIVE = {cards: "energy card", crystal: "crystal step", graviton: "graviton", proto: "proto life"};
  const SOURCES = {goals: "goals", sets: "sets", power: "power", nebulae: "nebulae", advanced: "adv. life",
    other: "other"};

  function part(el, tag, cls, text) {
    const node = el(tag, text);
    if (cls) node.className = cls;
    return node;
  }

  function seatClass(seat) {
    return "cos-seat-" + (seat % 4);
  }

  // An energy token in a control: the player's tag on their colour, or a dark one.
  function token(el, shown) {
    if (shown.player === null) {
      const dark = part(el, "span", "cos-tok cos-dark", "•");
      dark.title = "dark energy token";
      dark.dataset.player = "";
      return dark;
    }
    const node = part(el, "span", "cos-tok " + seatClass(shown.seat), shown.tag);
    node.title = shown.player + "'s energy token";
    node.dataset.player = shown.player;
    return node;
  }

  function gains(active) {
    return Object.keys(active).map(function (what) {
      return active[what] + " " + (GAIN[what] || what);
    }).join(" + ");
  }

  function control(el, c) {
    const box = part(el, "section", "cos-control cos-c-" + c.name + (c.full ? " cos-full" : ""));
    box.dataset.control = c.name;
    const head = part(el, "h3", "cos-control-head");
    head.appendChild(part(el, "span", "cos-glyph", GLYPH[c.name] || "?"));
    head.appendChild(part(el, "span", "cos-control-name", c.title));
    if (c.full) head.appendChild(part(el, "span", "cos-flag", "full"));
    box.appendChild(head);
    const reward = part(el, "p", "cos-reward");
    reward.appendChild(part(el, "span", "cos-own", "own: " + gains(c.active)));
    reward.appendChild(part(el, "span", "cos-each", "each: " + (PASSIVE[c.passive] || c.passive)));
    box.appendChild(reward);
    const slots = part(el, "div", "cos-slots");
    c.tokens.forEach(function (shown) { slots.appendChild(token(el, shown)); });
    for (let free = c.tokens.length; free < c.capacity; free += 1) {
      slots.appendChild(part(el, "span", "cos-tok cos-empty", ""));
    }
    box.appendChild(slots);
    if (c.power.length) {
      const powers = part(el, "p", "cos-powers");
      powers.appendChild(part(el, "span", "cos-small", "power "));
      c.power.forEach(function (p) {
        const chip = part(el, "span", "cos-pow " + seatClass(p.seat), p.tag + (p.count > 1 ? "×" + p.count : ""));
        chip.dataset.player = p.player;
        powers.appendChild(chip);
      });
      box.appendChild(powers);
    }
    return box;
  }

  // What the game is at, over the ring: the round, who acts and in which phase.
  function banner(el, board) {
    const box = part(el, "p", "cos-banner");
    box.appendChild(part(el, "span", "cos-round", board.over ? "Game over" : "Round " + board.round));
    if (board.doing && !board.over) box.appendChild(part(el, "span", "cos-doing", board.doing));
    if (board.first && !board.over) box.appendChild(part(el, "span", "cos-small", "1st player " + board.first));
    if (board.last_round) box.appendChild(part(el, "span", "cos-flag cos-last", "last round"));
    return box;
  }

  // The ring, clockwise as on the board: Light → Time ↓ Gravity ← Chemistry ↑ Light.
  function ring(el, board) {
    const box = part(el, "div", "cos-ring");
    const by = {};
    board.controls.forEach(function (c) { by[c.name] = control(el, c); });
    const cells = [by.light, part(el, "span", "cos-arrow", "→"), by.time,
      part(el, "span", "cos-arrow", "↑"), part(el, "span", ""),
      part(el, "span", "cos-arrow", "↓"), by.chemistry, part(el, "span", "cos-arrow", "←"), by.gravity];
    cells.forEach(function (cell) { if (cell) box.appendChild(cell); });
    return box;
  }

  function goals(el, g) {
    const box = part(el, "section", "cos-goals");
    box.appendChild(part(el, "h3", "cos-title", "Goal track"));
    const track = part(el, "ol", "cos-track");
    g.track.forEach(function (space) {
      const item = part(el, "li", "cos-space" + (space.name ? "" : " cos-none") + (space.scores ? " cos-scores" : ""));
      item.dataset.space = String(space.space);
      item.appendChild(part(el, "span", "cos-space-number", String(space.space) + (space.scores ? " ★ scores" : "")));
      item.appendChild(part(el, "span", "cos-space-goal", space.name || "—"));
      track.appendChild(item);
    });
    const left = part(el, "li", "cos-space cos-stack");
    left.appendChild(part(el, "span", "cos-space-number", "face down"));
    left.appendChild(part(el, "span", "cos-space-goal cos-goals-left", g.left + (g.left === 1 ? " goal" : " goals")));
    track.appendChild(left);
    box.appendChild(track);
    if (g.scored.length) {
      const done = part(el, "ul", "cos-scored");
      g.scored.forEach(function (s) {
        const who = Object.keys(s.points).map(function (name) { return name + " " + s.points[name]; }).join(", ");
        done.appendChild(part(el, "li", "", "✓ " + s.name + (who ? ": " + who : ": nobody scored")));
      });
      box.appendChild(done);
    }
    return box;
  }

  function energyCard(el, type) {
    const card = part(el, "span", "cos-card cos-c-" + type);
    card.dataset.type = type;
    card.appendChild(part(el, "span", "cos-glyph", GLYPH[type] || "?"));
    card.appendChild(part(el, "span", "cos-card-name", type));
    return card;
  }

  function pile(el, cls, count, what) {
    const node = part(el, "span", "cos-pile " + cls);
    node.appendChild(part(el, "b", "cos-count", String(count)));
    node.appendChild(part(el, "span", "cos-small", what));
    return node;
  }

  function cards(el, board) {
    const box = part(el, "section", "cos-cards");
    box.appendChild(part(el, "h3", "cos-title", "Energy cards"));
    const row = part(el, "div", "cos-display");
    board.display.forEach(function (type) { row.appendChild(energyCard(el, type)); });
    if (!board.display.length) row.appendChild(part(el, "span", "cos-small", "display empty"));
    row.appendChild(pile(el, "cos-deck", board.deck, "in deck"));
    row.appendChild(pile(el, "cos-discard", board.discard, "discarded"));
    box.appendChild(row);
    return box;
  }

  function item(el, cls, label, count) {
    const node = part(el, "span", "cos-item " + cls + (count === 0 ? " cos-out" : ""));  // a supply run out
    node.appendChild(part(el, "span", "cos-item-label", label));
    node.appendChild(part(el, "b", "cos-count", String(count)));
    return node;
  }

  function supply(el, s) {
    const box = part(el, "section", "cos-supply");
    box.appendChild(part(el, "h3", "cos-title", "Supply"));
    const row = part(el, "div", "cos-items");
    Object.keys(s.stars).forEach(function (star) {
      row.appendChild(item(el, "cos-star cos-s-" + star, "★ " + star, s.stars[star]));
    });
    row.appendChild(item(el, "cos-life", "☘ life", s.life));
    Object.keys(s.nebulae).forEach(function (size) {
      row.appendChild(item(el, "cos-neb", "☁ nebula " + size, s.nebulae[size]));
    });
    row.appendChild(item(el, "cos-crystal", "◆ time crystals", s.crystals));
    if (s.box !== null && s.box !== undefined) row.appendChild(item(el, "cos-crystal", "◆ in the box", s.box));
    row.appendChild(item(el, "cos-adv", "✦ advanced life", s.advanced));
    box.appendChild(row);
    return box;
  }

  function counts(map) {
    return Object.keys(map).map(function (k) { return k + " " + map[k]; }).join(" ");
  }

  function line(el, label, text) {
    const node = part(el, "p", "cos-line");
    node.appendChild(part(el, "span", "cos-line-label", label));
    node.appendChild(part(el, "span", "cos-line-text", text));
    return node;
  }

  // A board's nebulae: the open ones counted by size, the completed ones with their points.
  function nebulae(list) {
    const open = {};
    const done = [];
    list.forEach(function (n) {
      const adv = n.advanced ? ", adv" : "";
      if (n.complete) done.push("size " + n.size + " (" + n.points + " pts" + adv + ")");
      else open[n.size + adv] = (open[n.size + adv] || 0) + 1;
    });
    const parts = Object.keys(open).sort().map(function (size) { return size + "×" + open[size]; });
    const text = (parts.length ? "open " + parts.join(" ") : "") + (parts.length && done.length ? " · " : "")
      + (done.length ? "done " + done.join(", ") : "");
    return text || "none";
  }

  function seat(el, p) {
    const card = part(el, "section", "cos-player" + (p.turn ? " cos-turn" : "") + (p.won ? " cos-won" : ""));
    card.dataset.player = p.name;
    const head = part(el, "h3", "cos-player-head");
    head.appendChild(part(el, "span", "cos-marker", p.turn ? "▶" : ""));
    head.appendChild(part(el, "span", "cos-tok cos-mini " + seatClass(p.seat), p.tag));
    if (p.tag !== p.name) head.appendChild(part(el, "span", "cos-player-name", p.name));
    else head.appendChild(part(el, "span", "cos-player-name", ""));
    if (p.points !== undefined) head.appendChild(part(el, "span", "cos-points", p.points + " pts"));
    card.appendChild(head);
    const facts = ["hand " + p.hand];
    if (p.advanced) facts.push("advanced life " + p.advanced);
    if (p.first) facts.push("1st player");
    if (p.won) facts.unshift("★ winner");
    card.appendChild(part(el, "p", "cos-facts", facts.join(" · ")));
    if (p.stars) {
      const novae = Object.keys(p.novae).filter(function (k) { return p.novae[k]; });
      let stars = counts(p.stars);
      if (novae.length) stars += " · supernova " + novae.map(function (k) { return k + " " + p.novae[k]; }).join(" ");
      card.appendChild(line(el, "stars", stars));
      card.appendChild(line(el, "life", "proto " + p.life.proto + " · stable " + p.life.stable));
      card.appendChild(line(el, "nebulae", nebulae(p.nebulae)));
      let chamber = "";
      for (let space = 0; space < p.chamber.spaces; space += 1) chamber += space === p.chamber.space ? "◆" : "·";
      card.appendChild(line(el, "crystals", p.chamber.crystals + " on top · chamber " + chamber));
      const powers = p.power.filter(function (slot) { return slot; }).map(function (slot) {
        return (GLYPH[slot.type] || "") + " " + slot.card;
      });
      if (powers.length) card.appendChild(line(el, "power", powers.join(" · ")));
      const sources = Object.keys(p.by_source).filter(function (k) { return p.by_source[k]; }).map(function (k) {
        return (SOURCES[k] || k) + " " + p.by_source[k];
      });
      if (sources.length) card.appendChild(line(el, "points", sources.join(" · ")));
    }
    return card;
  }

  window.REFEREE_PICTURES = window.REFEREE_PICTURES || {};
  window.REFEREE_PICTURES.cosmos = function (board, box, el) {
    const root = part(el, "div", "cos" + (board.over ? " cos-over" : ""));
    const main = part(el, "div", "cos-main");
    main.appendChild(banner(el, board));
    main.appendChild(ring(el, board));
    main.appendChild(goals(el, board.goals));
    main.appendChild(cards(el, board));
    root.appendChild(main);
    const side = part(el, "div", "cos-side");
    const players = part(el, "div", "cos-players");
    board.players.forEach(function (p) { players.appendChild(seat(el, p)); });
    side.appendChild(players);
    side.appendChild(supply(el, board.supply));
    root.appendChild(side);
    box.appendChild(root);
  };
}());
