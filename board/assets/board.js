// The board's only script. It reads the cards from the JSON block in this page and
// renders, filters, searches and pages them with DOM calls that set text, never markup.
// It makes no request of any kind.
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("board-data").textContent);
  var raw = data.c, table = data.s, top = data.top, size = data.n;
  var full = new Array(raw.length);
  var list = document.getElementById("cards");
  var form = document.getElementById("filters");
  var shown = document.getElementById("shown");
  var pager = document.getElementById("pager");
  var prev = document.getElementById("prev"), next = document.getElementById("next");
  var pageno = document.getElementById("pageno");
  var f = { task: form.elements.task, state: form.elements.state, solver: form.elements.solver, q: form.elements.q };
  var everyone = map(raw, function (c, i) { return i; });
  var hay = null, hits = everyone, page = 0, typing = 0;

  // The data block is compact (wire.go): short keys, zero fields left out, and a
  // number where a string belongs is its index in the string table. expand turns a
  // card back into the long form the renderers below read, once, when first needed.
  function S(v) { return typeof v === "number" ? table[v] : v === undefined ? "" : v; }
  function SS(vs) { return map(vs, S); }
  function N(v) { return v || 0; }
  function B(v) { return v === 1; }
  function get(i) { return full[i] || (full[i] = expand(raw[i])); }
  function expand(c) {
    var w = S(c.w);
    return { id: c.i, task: N(c.t), task_title: S(c.tt), solver: S(c.so), seq: N(c.q), filed: S(c.f), state: S(c.st),
      outcome: S(c.o), bond: S(c.b), work_url: S(c.wu), work: w, work_len: c.wl === undefined ? utf8len(w) : c.wl,
      work_cut: B(c.wc), status: S(c.ss), grade: c.g ? grade0(c.g) : null, appeal: c.a ? appeal0(c.a) : null,
      rounds: map(c.r, round0), crossings: map(c.x, crossing0), uncrossed: B(c.ux),
      place: c.pl ? { rank: N(c.pl.rk), share: S(c.pl.sh), amount: S(c.pl.am) } : null,
      team: map(c.tm, function (m) { return { address: S(m.a), share: S(m.sh), prize: S(m.p), bond: S(m.bd) }; }) };
  }
  function grade0(g) {
    return { round: N(g.r), attempt: N(g.at), tier: N(g.ti), label: S(g.l), judged_tier: N(g.jt), judged_label: S(g.jl),
      judged_score: N(g.js), score: N(g.sc), diff: S(g.d), verdict: S(g.v), error: S(g.e), causes: SS(g.ca),
      reason: S(g.re), rationale: S(g.ra), checks: map(g.ch, check0), prose: SS(g.pr), dropped: SS(g.dr),
      no_deterministic_pass: B(g.nd), similarity: N(g.si), excluded: N(g.ex), duplicate_of: N(g.du), work_digest: S(g.wd),
      leader: S(g.le), agreed: SS(g.ag), disagreed: SS(g.di), failed: SS(g.fa), settled: S(g.se), appeal_until: S(g.au) };
  }
  function check0(c) { return { criterion: S(c.c), expr: S(c.x), kind: S(c.k), source: S(c.so), passed: B(c.p), error: S(c.e) }; }
  function appeal0(a) {
    return { appellant: S(a.ap), argument: S(a.ar), bond: S(a.b), round: N(a.r), against: N(a.ag), filed: S(a.f),
      outcome: S(a.o), bounty: S(a.bo), panel: N(a.pn), quorum: N(a.qu) };
  }
  function round0(r) {
    return { id: N(r.i), regrade: B(r.rg), argument: S(r.ar), opened: S(r.o), state: S(r.st), committee: N(r.cm), quorum: N(r.qu),
      earlier: r.ea || [], says: S(r.sa), checks: map(r.ch, check0), attempts: map(r.at, attempt0),
      calls: map(r.cl, function (c) {
        return { purpose: S(c.pu), provider: S(c.pv), model: S(c.m), prompt_sha256: S(c.ps), response_sha256: S(c.rs),
          fallback: B(c.fb), fallback_why: S(c.wy) };
      }) };
  }
  function attempt0(a) {
    return { n: N(a.n), leader: S(a.le), opened: S(a.o), deadline: S(a.dl), state: S(a.st),
      attestations: map(a.as, function (t) { return { validator: S(t.v), height: N(t.h), agrees: B(t.ag), late: B(t.lt), says: S(t.sa) }; }) };
  }
  function crossing0(x) { return { sink: S(x.s), tx: S(x.tx), http: N(x.h), at: S(x.at) }; }

  // h builds an element: attrs sets attributes, kids are nodes or strings (as text).
  function h(tag, attrs, kids) {
    var e = document.createElement(tag);
    for (var k in attrs) { if (attrs[k] !== null && attrs[k] !== undefined) e.setAttribute(k, attrs[k]); }
    add(e, kids);
    return e;
  }
  function add(e, kids) {
    if (kids === null || kids === undefined) return;
    if (!Array.isArray(kids)) kids = [kids];
    for (var i = 0; i < kids.length; i++) {
      var k = kids[i];
      if (k === null || k === undefined || k === "") continue;
      if (Array.isArray(k)) add(e, k);
      else e.appendChild(typeof k === "object" ? k : document.createTextNode(String(k)));
    }
  }
  function readable(iso) { return iso ? iso.replace("T", " ").replace("Z", " UTC") : "-"; }
  function time(iso) { return h("time", { datetime: iso }, readable(iso)); }
  function code(s, cls) { return h("code", cls ? { "class": cls } : {}, s); }
  function map(xs, fn) { var out = []; for (var i = 0; xs && i < xs.length; i++) out.push(fn(xs[i], i)); return out; }
  function len(xs) { return xs ? xs.length : 0; }
  function dd(cls, label, value) { return h("div", cls ? { "class": cls } : {}, [h("dt", {}, label), h("dd", {}, value)]); }
  function td(label, kids) { return h("td", { "data-label": label }, kids); }

  function card(c) {
    var kids = [
      h("h3", { id: "entry-" + c.id + "-h" }, [h("a", { href: "#entry-" + c.id }, "Entry #" + c.id), " ",
        h("span", { "class": "sub" }, "on task #" + c.task + " " + c.task_title)]),
      h("p", { "class": "meta" }, [h("span", { "class": "badge" }, c.state),
        c.outcome ? [" ", h("span", { "class": "badge" }, c.outcome)] : null,
        " filed ", time(c.filed), ", #" + c.seq + " on its task, by ", code(c.solver, "addr"), ", bond " + c.bond]),
      crossings(c),
      c.place ? h("p", { "class": "place" }, "Rank " + c.place.rank + " of the podium, " + c.place.share + " of the prize: " + c.place.amount) : null
    ];
    if (len(c.team)) kids.push(h("p", { "class": "team" }, "A team entry, its split fixed at filing:"),
      h("ul", { "class": "team" }, map(c.team, function (m) {
        return h("li", {}, [code(m.address, "addr"), " " + m.share + (m.prize ? ": paid " + m.prize : "") + (m.bond ? ", bond back " + m.bond : "")]);
      })));
    kids.push(c.grade ? grade(c.grade) : h("p", { "class": "status" }, c.status));
    if (c.appeal) kids.push(appeal(c.appeal));
    kids.push(h("details", { "class": "history" }, [
      h("summary", {}, "Rounds, attestations and receipts (" + len(c.rounds) + " rounds)"), map(c.rounds, round)]));
    kids.push(h("details", { "class": "work" }, [h("summary", {}, "Work (" + c.work_len + " bytes)"),
      c.work_url ? h("p", {}, ["Fetched from ", code(c.work_url, "addr")]) : null,
      h("pre", {}, c.work),
      c.work_cut ? h("p", { "class": "muted" }, "Only the first " + utf8len(c.work) + " bytes are shown; the snapshot holds the rest.") : null]));
    return h("article", { "class": "card", id: "entry-" + c.id, "aria-labelledby": "entry-" + c.id + "-h" }, kids);
  }
  function utf8len(s) { return new TextEncoder().encode(s).length; }

  // crossings says where the award of a winning card's task reached, as the server does.
  function crossings(c) {
    if (len(c.crossings)) return h("ul", { "class": "crossings" }, map(c.crossings, function (x) {
      return h("li", {}, ["crossed to ", code(x.sink, "addr"), x.tx ? [" in tx ", code(x.tx, "hash")] : null,
        x.http ? " (HTTP " + x.http + ")" : null, " at ", time(x.at)]);
    }));
    return c.uncrossed ? h("p", { "class": "crossings pending" }, "not yet crossed") : null;
  }

  function appeal(a) {
    return [h("h4", {}, "Appeal"),
      h("p", { "class": "appeal" }, [a.outcome + ": filed ", time(a.filed), " by ", code(a.appellant, "addr"),
        " against round " + a.against + ", regraded in round " + a.round +
        (a.quorum ? " by a fresh panel of " + a.panel + ", quorum " + a.quorum : "") + ", bond " + a.bond + ", bounty " + a.bounty]),
      h("p", { "class": "argument" }, ["Argument: ", h("q", {}, a.argument)])];
  }

  function grade(g) {
    var out = [];
    if (g.error) {
      out.push(h("p", { "class": "error" }, [h("span", { "class": "badge" }, "failed"), " ", code(g.error)]));
    } else {
      out.push(h("dl", { "class": "score" }, [
        dd("rung", "Rung agreed", g.tier + "/" + top + " " + g.label),
        dd("judged", "Worth as read", [String(g.judged_score), h("span", { "class": "sub" }, "read as " + g.judged_tier + "/" + top + " " + g.judged_label)]),
        dd("settled", "Settled score", String(g.score)),
        dd("diff", "Difference", g.diff),
        h("div", {}, [h("dt", {}, "Verdict"), h("dd", { "class": "v-" + g.verdict }, g.verdict)])]));
    }
    out.push(h("ul", { "class": "causes" }, map(g.causes, function (s) { return h("li", {}, s); })));
    if (g.reason) out.push(h("p", { "class": "reason" }, "Code: " + g.reason));
    if (g.rationale) out.push(h("p", { "class": "rationale" }, ["Reader: ", h("q", {}, g.rationale)]));
    if (g.no_deterministic_pass) out.push(h("p", { "class": "nodet" }, "[no deterministic pass] no check ran; the whole rubric fell to the reader"));
    out.push(h("h4", {}, "Compiled checks (" + len(g.checks) + ")"));
    out.push(len(g.checks) ? checks(g.checks) : h("p", { "class": "muted" }, "No compiled check ran."));
    if (len(g.prose)) out.push(h("h4", {}, "Prose criteria, left to the reader"), h("ul", { "class": "prose" }, map(g.prose, function (s) { return h("li", {}, s); })));
    if (len(g.dropped)) out.push(h("h4", {}, "Dropped checks"), h("ul", { "class": "dropped" }, map(g.dropped, function (s) { return h("li", {}, s); })));
    out.push(h("dl", { "class": "facts" }, [
      h("div", {}, [h("dt", {}, "Similarity"), h("dd", { "class": "similarity" }, g.similarity + "%")]),
      g.excluded ? h("div", {}, [h("dt", {}, "Left out of the copy check"), h("dd", { "class": "excluded" }, g.excluded + " words of the brief, rubric and template")]) : null,
      h("div", {}, [h("dt", {}, "Duplicate of"), h("dd", { "class": "dup" }, g.duplicate_of ? h("a", { href: "#entry-" + g.duplicate_of }, "entry #" + g.duplicate_of) : "none")]),
      dd("", "Round", g.round + ", attempt " + g.attempt),
      dd("", "Settled at", time(g.settled)),
      dd("", "Appeal window until", time(g.appeal_until)),
      dd("", "Work digest", code(g.work_digest, "hash"))]));
    out.push(h("h4", {}, "Validators"));
    out.push(h("p", {}, ["Leader ", code(g.leader, "addr"), "; agreed: " + len(g.agreed) + "; did not agree: " + len(g.disagreed) +
      (len(g.failed) ? "; failed: " + len(g.failed) : "") + "."]));
    out.push(h("ul", { "class": "addrs" }, [
      map(g.agreed, function (a) { return h("li", {}, [h("span", { "class": "agree" }, "agreed"), " ", code(a, "addr")]); }),
      map(g.disagreed, function (a) { return h("li", {}, [h("span", { "class": "disagree" }, "did not agree"), " ", code(a, "addr")]); }),
      map(g.failed, function (a) { return h("li", {}, [h("span", { "class": "disagree" }, "failed"), " ", code(a, "addr")]); })]));
    return out;
  }

  function checks(cs) {
    var head = h("thead", {}, h("tr", {}, map(["Result", "Kind", "Criterion", "Expression", "Source"], function (s) { return h("th", { scope: "col" }, s); })));
    var body = h("tbody", {}, map(cs, function (c) {
      return h("tr", { "class": "check " + (c.passed ? "pass" : "fail") }, [
        h("td", { "class": "result", "data-label": "Result" }, c.passed ? "passed" : "FAILED"), td("Kind", c.kind), td("Criterion", c.criterion),
        td("Expression", [code(c.expr), c.error ? [" ", h("span", { "class": "err" }, c.error)] : null]), td("Source", c.source)]);
    }));
    return h("table", { "class": "checks stack" }, [head, body]);
  }

  function round(r) {
    var kids = [h("h4", {}, "Round " + r.id + (r.regrade ? ", a regrade on appeal" : "") + ": " + r.state),
      h("p", {}, ["Opened ", time(r.opened), (r.quorum ? " for a fresh panel of " + r.committee + ", quorum " + r.quorum : " for a committee of " + r.committee) + "; frozen inputs: " + len(r.earlier) + " earlier entries" +
        map(r.earlier, function (e) { return " #" + e; }).join("") + "." + (r.says ? " Grade: " + r.says + "." : "")])];
    if (r.argument) kids.push(h("p", {}, ["Argument: ", h("q", {}, r.argument)]));
    if (len(r.checks)) kids.push(h("ul", { "class": "mini" }, map(r.checks, function (c) {
      return h("li", { "class": "check " + (c.passed ? "pass" : "fail") }, [h("span", { "class": "result" }, c.passed ? "passed" : "FAILED"), " " + c.kind + " ", code(c.expr)]);
    })));
    kids.push(h("ol", { "class": "attempts" }, map(r.attempts, function (a) {
      return h("li", {}, ["Attempt " + a.n + ": " + a.state + ", leader ", code(a.leader, "addr"), ", opened ", time(a.opened), ", deadline ", time(a.deadline),
        h("ul", { "class": "atts" }, map(a.attestations, function (t) {
          return h("li", {}, [code(t.validator, "addr"), " at height " + t.height + ": " + t.says + " ",
            h("span", { "class": t.agrees ? "agree" : "disagree" }, "(" + (t.agrees ? "agrees with" : "differs from") + " the leader)"),
            t.late ? [" ", h("span", { "class": "late" }, "late: on the record, not tallied")] : null]);
        }))]);
    })));
    if (len(r.calls)) kids.push(h("ul", { "class": "calls" }, map(r.calls, function (c) {
      return h("li", {}, [h("span", { "class": "badge" }, c.purpose), " " + c.provider + " / " + c.model +
        (c.fallback ? " (fallback: " + c.fallback_why + ")" : " (no fallback)"), h("br"),
        "prompt_sha256 ", code(c.prompt_sha256, "hash"), h("br"), "response_sha256 ", code(c.response_sha256, "hash")]);
    })));
    return h("section", { "class": "round", "aria-label": "Round " + r.id }, kids);
  }

  // text is what search looks in for one card, lower-cased, built once on first search
  // from the compact card, without expanding it.
  function text(c) {
    var parts = ["#" + c.i, S(c.tt), S(c.so), S(c.st), S(c.o), S(c.w), S(c.wu), S(c.ss)];
    var g = c.g;
    if (g) {
      parts.push(S(g.l), S(g.e), S(g.re), S(g.ra), S(g.v), S(g.wd));
      parts = parts.concat(SS(g.ca), SS(g.pr), SS(g.dr));
      map(g.ch, function (k) { parts.push(S(k.c), S(k.x)); });
    }
    if (c.a) parts.push(S(c.a.ar), S(c.a.ap));
    return parts.join("\n").toLowerCase();
  }

  function apply() {
    var task = f.task.value, state = f.state.value, solver = f.solver.value;
    var q = f.q.value.trim().toLowerCase();
    if (q && !hay) hay = map(raw, text);
    hits = [];
    for (var i = 0; i < raw.length; i++) {
      var c = raw[i];
      if (task && String(N(c.t)) !== task) continue;
      if (state && S(c.st) !== state) continue;
      if (solver && S(c.so) !== solver) continue;
      if (q && hay[i].indexOf(q) < 0) continue;
      hits.push(i);
    }
    page = 0;
    draw();
  }

  function draw() {
    var pages = Math.max(1, Math.ceil(hits.length / size));
    page = Math.min(page, pages - 1);
    var from = page * size, to = Math.min(hits.length, from + size);
    var frag = document.createDocumentFragment();
    for (var i = from; i < to; i++) frag.appendChild(card(get(hits[i])));
    list.replaceChildren(frag);
    shown.textContent = hits.length ? "Showing " + (from + 1) + "\u2013" + to + " of " + hits.length + " matching entries (" + raw.length + " in all)."
      : "No entry matches (" + raw.length + " in all).";
    pageno.textContent = "Page " + (page + 1) + " of " + pages;
    prev.disabled = page === 0;
    next.disabled = page >= pages - 1;
  }

  // reveal shows the card named by the location's #entry-N, wherever the filters are.
  function reveal() {
    var m = /^#entry-(\d+)$/.exec(location.hash);
    if (!m) return;
    clearTimeout(typing);
    var id = Number(m[1]), at = indexOf(hits, id);
    if (at < 0) { clear(); hits = everyone; at = indexOf(hits, id); }
    if (at < 0) return;
    page = Math.floor(at / size);
    draw();
    var el = document.getElementById("entry-" + id);
    if (el) { el.scrollIntoView(); el.querySelector("h3 a").focus(); }
  }
  function clear() { f.task.value = ""; f.state.value = ""; f.solver.value = ""; f.q.value = ""; }
  function indexOf(is, id) { for (var i = 0; i < is.length; i++) if (raw[is[i]].i === id) return i; return -1; }

  // Typing waits for a pause before it filters; a choice in a list filters at once.
  form.addEventListener("input", function (e) {
    clearTimeout(typing);
    if (e.target === f.q) typing = setTimeout(apply, 150); else apply();
  });
  form.addEventListener("change", function (e) { if (e.target !== f.q) apply(); });
  form.addEventListener("submit", function (e) { e.preventDefault(); apply(); });
  form.addEventListener("reset", function (e) { e.preventDefault(); clear(); apply(); });
  prev.addEventListener("click", function () { page--; draw(); list.scrollIntoView(); });
  next.addEventListener("click", function () { page++; draw(); list.scrollIntoView(); });
  window.addEventListener("hashchange", reveal);
  form.hidden = false;
  pager.hidden = false;
  pageno.textContent = "Page 1 of " + Math.max(1, Math.ceil(raw.length / size));
  prev.disabled = true;
  next.disabled = raw.length <= size;
  shown.textContent = "Showing " + Math.min(raw.length, size) + " of " + raw.length + " entries.";
  reveal();
})();
