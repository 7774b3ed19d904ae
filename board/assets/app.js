// The live board's app. It builds a transaction from a form, reads the sender's next
// nonce and the fee from this node, has the browser's own wallet sign the transaction's
// EIP-712 typed data (EIP-1193: eth_requestAccounts, eth_chainId, eth_signTypedData_v4),
// sends it to this node and follows it on the node's event stream. No key ever reaches
// this script: the wallet signs. The ledger judges every transaction; the forms only
// refuse early what it would refuse, with its own limits.
(function () {
  "use strict";
  var cfg = JSON.parse(document.getElementById("app-config").textContent);
  var L = cfg.limits;
  var root = document.getElementById("act");
  var main = document.querySelector("main");
  if (main) {
    main.insertBefore(root, main.firstChild);
  }
  var walletLine = $("app-wallet"), connect = $("app-connect"), who = $("app-who"), log = $("app-log");
  var account = "";
  var NONCE = "Nonce is not the sender's next nonce";
  var watched = { entry: {}, task: {}, round: {}, bid: {}, tender: {} }; // id -> log line

  function $(id) { return document.getElementById(id); }
  function eth() { return window.ethereum; }

  // The wallet.
  function noWallet() {
    walletLine.textContent = "No wallet in this browser. To act, install a wallet that signs typed data " +
      "(EIP-712), such as MetaMask, Rabby or Frame, then reload; everything on the board stays readable without one.";
    connect.hidden = true;
  }
  function showAccount(a) {
    account = a ? a.toLowerCase() : "";
    who.textContent = account ? "Signing as " + account : "";
    connect.hidden = !!account;
    walletLine.textContent = account ? "Wallet connected." : "A wallet is here: connect it to act.";
  }
  if (!eth()) {
    noWallet();
  } else {
    showAccount("");
    if (eth().on) {
      eth().on("accountsChanged", function (as) { showAccount(as && as[0]); });
    }
  }
  connect.addEventListener("click", function () {
    accountOf().catch(function (e) { walletLine.textContent = walletError(e); });
  });
  async function accountOf() {
    var as = await eth().request({ method: "eth_requestAccounts" });
    if (!as || !as.length) {
      throw new Error("the wallet gave no account");
    }
    showAccount(as[0]);
    return account;
  }
  function walletError(e) {
    if (e && e.code === 4001) {
      return "You declined in the wallet: nothing was sent.";
    }
    return "The wallet failed: " + (e && e.message ? e.message : String(e)) + ". Nothing was sent.";
  }

  // Money: amounts travel as decimal strings of atto, 10^-18 of the symbol.
  function toAtto(s) {
    s = s.trim();
    if (!/^\d+(\.\d{1,18})?$/.test(s)) {
      return null;
    }
    var p = s.split(".");
    var frac = (p[1] || "").padEnd(18, "0");
    return (BigInt(p[0]) * 1000000000000000000n + BigInt(frac)).toString();
  }
  function units(atto) {
    var s = String(atto).padStart(19, "0");
    var whole = s.slice(0, -18).replace(/^0+(?=\d)/, ""), frac = s.slice(-18).replace(/0+$/, "");
    return (frac ? whole + "." + frac : whole) + " " + cfg.symbol;
  }

  // The node.
  async function call(method, path, body) {
    var init = { method: method, headers: {} };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    var res = await fetch(path, init);
    var text = await res.text();
    var v = null;
    try {
      v = JSON.parse(text);
    } catch (e) {
      v = { error: { class: "EXTERNAL", message: "the node answered " + res.status + ": " + text.slice(0, 200) } };
    }
    return { ok: res.ok, status: res.status, body: v };
  }
  async function get(path) {
    var r = await call("GET", path);
    if (!r.ok) {
      throw refusal(r.body);
    }
    return r.body;
  }
  function refusal(b) {
    var e = b && b.error ? b.error : { class: "INTERNAL", message: "no answer" };
    var err = new Error(e.message);
    err.cls = e.class;
    err.receipt = b && b.receipt;
    return err;
  }
  function parsed(text) { // "[CLASS] message"
    var m = /^\[([A-Z_]+)\] ([\s\S]*)$/.exec(text);
    var err = new Error(m ? m[2] : text);
    err.cls = m ? m[1] : "EXPECTED";
    return err;
  }
  function refusalText(e) { return "Refused [" + e.cls + "]: " + e.message; }

  // send signs and sends one transaction and returns its receipt, or null when nothing
  // was applied; what happened is written to the form's status line and the log. Before
  // the wallet is asked, the status line names everything the transaction takes from the
  // wallet and their sum: cost(arena) lists what it takes beside its fee, each part named
  // (its value, and what the ledger takes beside the value), read from the arena's view
  // of this quote; without cost a value is named as such.
  async function send(form, kind, value, body, cost) {
    var st = form.querySelector(".app-status");
    if (!eth()) {
      noWallet();
      st.textContent = "No wallet: nothing was sent.";
      return null;
    }
    var from, chainHex;
    try {
      from = await accountOf();
      chainHex = await eth().request({ method: "eth_chainId" });
    } catch (e) {
      st.textContent = walletError(e);
      return null;
    }
    var sigChain = Number(BigInt(chainHex));
    var line = null;
    for (var attempt = 0; attempt < 3; attempt++) {
      var tx, q;
      try {
        q = await quote(from, sigChain, kind, value, body);
      } catch (e) {
        if (e.message === NONCE && attempt < 2) {
          continue;
        }
        st.textContent = refusalText(e);
        return null;
      }
      tx = q.tx;
      var fee = tx.max_fee;
      var parts = cost ? cost(q.arena) : value !== "0" ? [["value", value]] : [];
      st.textContent = announce(parts.concat([["transaction fee", fee]])) + " Asking your wallet to sign.";
      var td = await call("POST", "/v1/typed-data", tx);
      if (!td.ok) {
        st.textContent = refusalText(refusal(td.body));
        return null;
      }
      var sig;
      try {
        sig = await eth().request({ method: "eth_signTypedData_v4", params: [from, JSON.stringify(td.body.typed_data)] });
      } catch (e) {
        st.textContent = walletError(e);
        return null;
      }
      if (line) {
        step(line, "sent again with nonce " + tx.nonce + ", fee " + units(fee));
      } else {
        line = logLine(kind + " " + describe(body), "sent, fee " + units(fee));
      }
      st.textContent = "Sent; waiting for its block.";
      var r = await call("POST", "/v1/tx", {
        primaryType: td.body.typed_data.primaryType, message: td.body.typed_data.message, body: body,
        signatureChainId: sigChain, signature: sig
      });
      if (r.ok) {
        var rc = r.body;
        line.from = rc.height; // what happened before its block is another transaction's
        var done = "in block " + rc.height + (rc.outcome.created ? ", created #" + rc.outcome.created : "");
        step(line, done);
        st.textContent = "Applied " + done + ".";
        return rc;
      }
      var err = refusal(r.body);
      if (err.message === NONCE && !err.receipt && attempt < 2) {
        step(line, "another transaction of this account took the nonce: asking again with the next one");
        continue;
      }
      step(line, refusalText(err) + (err.receipt ? " (recorded in block " + err.receipt.height + ")" : ""));
      st.textContent = refusalText(err);
      return null;
    }
    return null;
  }

  // announce says what parts, each [what, atto], take from the wallet, and their sum.
  function announce(parts) {
    var sum = 0n, named = parts.map(function (p) {
      sum += BigInt(p[1]);
      return p[0] + " " + units(p[1]);
    });
    var list = named.length > 1 ? named.slice(0, -1).join(", ") + " and " + named[named.length - 1] : named[0];
    return list.charAt(0).toUpperCase() + list.slice(1) + ": " + units(sum.toString()) + " from your wallet in all.";
  }
  // gradingFee is cost's part for the arena's grading fee, which the kinds that open a
  // grading round take beside their value.
  function gradingFee(what, value) {
    return function (a) { return [[what, value], ["grading fee", a.terms.grading_fee]]; };
  }

  // clock reads the arena's view and the arena's clock as this page can know it before
  // the next block: the later of the view's time (the last block's, dev advance
  // included) and this browser's, since an arena with no block yet reads 0. The next
  // block's time is never earlier than the view's.
  async function clock() {
    var a = await get("/v1/arena");
    // next_time is the arena's clock at the next block, dev advances included, which
    // admission checks a transaction against; a node that does not serve it falls back
    // to the last block's time and the browser's.
    var next = typeof a.next_time === "number" ? a.next_time : 0;
    return { arena: a, now: Math.max(next, a.time, Math.floor(Date.now() / 1000)) };
  }

  // quote stamps the transaction with the sender's next nonce, read now, a validity of
  // cfg.validity_s past the arena's clock, and the fee, read until it stops moving (the
  // fee counts the max fee's own digits); it throws the admission's refusal, if any,
  // before anything is signed. It returns the transaction and the arena's view it read.
  async function quote(from, sigChain, kind, value, body) {
    var acc = await get("/v1/accounts/" + from);
    var c = await clock();
    var until = c.now + cfg.validity_s;
    var tx = { chain: cfg.chain, arena: cfg.arena, from: from, nonce: acc.next_nonce, valid_until: until, max_fee: "0",
      kind: kind, value: value, body: body, signature_chain_id: sigChain };
    for (var i = 0; i < 8; i++) {
      var q = await call("POST", "/v1/fee", tx);
      if (!q.ok) {
        throw refusal(q.body);
      }
      if (q.body.fee === tx.max_fee) {
        if (q.body.admission) {
          throw parsed(q.body.admission);
        }
        return { tx: tx, arena: c.arena };
      }
      tx.max_fee = q.body.fee;
    }
    throw parsed("[INTERNAL] the fee did not settle");
  }

  // The log: one line per transaction, with its progress after it.
  function logLine(what, first) {
    var li = document.createElement("li");
    var b = document.createElement("strong");
    b.textContent = what;
    li.appendChild(b);
    var steps = document.createElement("span");
    steps.className = "steps";
    li.appendChild(steps);
    log.insertBefore(li, log.firstChild);
    step(li, first);
    return li;
  }
  function step(li, text) {
    var s = document.createElement("span");
    s.className = "step";
    s.textContent = text;
    li.querySelector(".steps").appendChild(s);
  }
  function describe(body) {
    var ks = ["task", "entry", "tender", "bid"];
    for (var i = 0; i < ks.length; i++) {
      if (body[ks[i]]) {
        return ks[i] + " #" + body[ks[i]];
      }
    }
    return body.title ? "\u201c" + body.title + "\u201d" : "";
  }
  function watch(kind, id, li) {
    if (id) {
      watched[kind][id] = li;
      // The stream may have brought this object's events before the node's answer
      // did: go over the recent ones again.
      recent.slice().forEach(function (r) { dispatch(r[0], r[1]); });
    }
  }

  // Progress from the event stream (GET /v1/events), never by polling. Each event is
  // told once per transaction, however often it is gone over.
  var recent = [];
  function once(li, type, ev, text) {
    var key = [type, ev.height, ev.round || 0, ev.attempt || 0, ev.address || ""].join(":");
    li.seen = li.seen || {};
    if (ev.height >= (li.from || 0) && !li.seen[key]) {
      li.seen[key] = true;
      step(li, text);
    }
  }
  var handlers = {
    round_opened: function (ev) {
      var li = watched.entry[ev.entry] || watched.bid[ev.bid];
      if (li) {
        watched.round[ev.round] = li;
        once(li, "round_opened", ev, "round #" + ev.round + " opened in block " + ev.height + (ev.note ? " (" + ev.note + ")" : ""));
      }
    },
    attempt_opened: function (ev) {
      var li = watched.round[ev.round];
      if (li) {
        once(li, "attempt_opened", ev, "attempt " + ev.attempt + " of round #" + ev.round);
      }
    },
    attested: function (ev) {
      var li = watched.round[ev.round];
      if (li) {
        once(li, "attested", ev, "attempt " + ev.attempt + ": a validator attested in block " + ev.height);
      }
    },
    grade_settled: function (ev) {
      var li = watched.entry[ev.entry];
      if (li) {
        once(li, "grade_settled", ev, "settled in block " + ev.height + ": grade " + (ev.score || 0) + " (" + ev.note + ")");
      }
    },
    scorecard_settled: function (ev) {
      var li = watched.bid[ev.bid];
      if (li) {
        once(li, "scorecard_settled", ev, "scored in block " + ev.height + (ev.score ? ": " + ev.score : ""));
      }
    },
    award: function (ev) {
      var li = watched.task[ev.task] || watched.tender[ev.tender] || watched.bid[ev.bid];
      if (li) {
        once(li, "award", ev, "awarded in block " + ev.height + (ev.entry ? " to entry #" + ev.entry : "") + (ev.bid ? " to bid #" + ev.bid : ""));
      }
    }
  };
  function dispatch(type, ev) {
    if (handlers[type]) {
      handlers[type](ev);
    }
  }
  function follow() {
    if (!window.EventSource) {
      return;
    }
    var es = new EventSource("/v1/events");
    Object.keys(handlers).forEach(function (type) {
      es.addEventListener(type, function (m) {
        var ev;
        try {
          ev = JSON.parse(m.data);
        } catch (e) {
          return;
        }
        recent.push([type, ev]);
        if (recent.length > 500) {
          recent.shift();
        }
        dispatch(type, ev);
      });
    });
  }
  follow();

  // Field checks, with the ledger's limits (the config block carries them from the node).
  var enc = new TextEncoder();
  function problem(form) {
    var fields = form.querySelectorAll("input, textarea");
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i], name = form.querySelector("label[for=\"" + f.id + "\"]");
      var label = name ? name.textContent.replace(/ \(.*$/, "") : f.name;
      if (f.type === "checkbox" || f.type === "file") {
        continue;
      }
      var v = f.value;
      if (f.required && v.trim() === "") {
        return label + " is required.";
      }
      var bytes = f.getAttribute("data-bytes"), chars = f.getAttribute("data-chars");
      if (bytes && enc.encode(v).length > +bytes) {
        return label + " is " + enc.encode(v).length + " bytes of UTF-8; the ledger takes at most " + bytes + ".";
      }
      if (chars && Array.from(v).length > +chars) {
        return label + " is " + Array.from(v).length + " characters; the ledger takes at most " + chars + ".";
      }
      if (f.type === "number" && v !== "") {
        var n = Number(v);
        if (!Number.isInteger(n) || n < +(f.min || 0) || (f.max && n > +f.max)) {
          return label + " must be a whole number from " + (f.min || 0) + (f.max ? " to " + f.max : "") + ".";
        }
      }
    }
    return "";
  }
  function num(form, name) { return Number(form.elements[name].value); }
  function val(form, name) { return form.elements[name].value; }

  // Sealed work and bids: the salt is made here, kept in this browser's storage and
  // offered as a file before the commitment is sent.
  function salt() {
    var b = new Uint8Array(32);
    crypto.getRandomValues(b);
    return Array.from(b, function (x) { return x.toString(16).padStart(2, "0"); }).join("");
  }
  async function commitment(s, who, text) {
    var d = await crypto.subtle.digest("SHA-256", enc.encode(s + "\n" + who.toLowerCase() + "\n" + text));
    return Array.from(new Uint8Array(d), function (x) { return x.toString(16).padStart(2, "0"); }).join("");
  }
  function keep(key, v) {
    try {
      localStorage.setItem("arena:" + cfg.arena + ":" + key, JSON.stringify(v));
    } catch (e) {
      // storage refused: the downloaded file is the copy
    }
  }
  function kept(key) {
    try {
      return JSON.parse(localStorage.getItem("arena:" + cfg.arena + ":" + key) || "null");
    } catch (e) {
      return null;
    }
  }
  function offer(form, name, v) {
    var a = document.createElement("a");
    a.className = "app-salt";
    a.download = name;
    a.href = URL.createObjectURL(new Blob([JSON.stringify(v, null, 2)], { type: "application/json" }));
    a.textContent = "Save " + name + ": the salt this commitment needs to be revealed";
    var old = form.querySelector("a.app-salt");
    if (old) {
      old.remove();
    }
    form.insertBefore(a, form.querySelector(".app-status"));
    return a;
  }

  // Uploads: bytes a transaction names by digest are stored first, under an EIP-712
  // signature (BlobUpload or WorkUpload) the wallet makes over their sha256 and size in
  // the arena's domain, on the wallet's chain id.
  function hex(buf) {
    return Array.from(new Uint8Array(buf), function (x) { return x.toString(16).padStart(2, "0"); }).join("");
  }
  // signStore has the wallet sign a request that stores bytes on the node (an upload
  // or a work fetch): primary with fields, the message made by msg(account, validUntil),
  // asked for with the words ask. It returns what was signed, or null (said in the form).
  async function signStore(f, primary, fields, msg, ask) {
    var st = f.querySelector(".app-status");
    var from, chainHex;
    try {
      from = await accountOf();
      chainHex = await eth().request({ method: "eth_chainId" });
    } catch (e) {
      st.textContent = walletError(e);
      return null;
    }
    var chain = Number(BigInt(chainHex)), until = (await clock()).now + cfg.validity_s;
    var types = { EIP712Domain: [{ name: "name", type: "string" }, { name: "version", type: "string" },
      { name: "chainId", type: "uint256" }, { name: "verifyingContract", type: "address" }] };
    types[primary] = fields;
    var td = { types: types, primaryType: primary,
      domain: { name: cfg.domain.name, version: cfg.domain.version, chainId: chain, verifyingContract: cfg.domain.verifyingContract },
      message: msg(from, until) };
    st.textContent = ask;
    try {
      var sig = await eth().request({ method: "eth_signTypedData_v4", params: [from, JSON.stringify(td)] });
      return { from: from, chain: chain, until: until, sig: sig };
    } catch (e) {
      st.textContent = walletError(e);
      return null;
    }
  }
  // refusedBy reads a refusal's body, or names the status when it has none.
  async function refusedBy(res) {
    try {
      return refusal(await res.json());
    } catch (e) {
      return refusal({ error: { class: "EXTERNAL", message: "the node answered " + res.status } });
    }
  }
  async function upload(f, primary, path, bytes) {
    var st = f.querySelector(".app-status");
    var sha = hex(await crypto.subtle.digest("SHA-256", bytes));
    var fields = [{ name: "arena", type: "bytes32" }, { name: "account", type: "address" }, { name: "sha256", type: "bytes32" },
      { name: "size", type: "uint64" }, { name: "validUntil", type: "uint64" }];
    var s = await signStore(f, primary, fields, function (from, until) {
      return { arena: cfg.arena, account: from, sha256: "0x" + sha, size: String(bytes.byteLength), validUntil: String(until) };
    }, "Asking your wallet to sign the upload of " + bytes.byteLength + " bytes, sha256 " + sha + ".");
    if (!s) {
      return null;
    }
    var res = await fetch(path + sha, { method: "PUT", body: bytes, headers: {
      "Arena-Signature": s.sig, "Arena-Account": s.from, "Arena-Valid-Until": String(s.until), "Arena-Signature-Chain-Id": String(s.chain) } });
    if (!res.ok) {
      var err = await refusedBy(res);
      st.textContent = "Upload refused [" + err.cls + "]: " + err.message + ". Nothing was sent.";
      return null;
    }
    logLine("upload sha256 " + sha, "kept by the node, " + bytes.byteLength + " bytes");
    return sha;
  }
  // moduleBytes reads a module file a commit uploads as a blob, what naming it in the
  // form; a missing file or one over the ledger's module limit is refused there (null).
  async function moduleBytes(f, file, what) {
    if (!file) {
      say(f, what + " file is required. Nothing was sent.");
      return null;
    }
    if (file.size > L.Module) {
      say(f, what + " file is " + file.size + " bytes; the ledger takes at most " + L.Module + ". Nothing was sent.");
      return null;
    }
    return file.arrayBuffer();
  }
  // uploadWork uploads a work file to the node's work store and returns its sha256.
  async function uploadWork(f, file) {
    if (file.size > L.WorkFile) {
      say(f, "Work file is " + file.size + " bytes; validators fetch at most " + L.WorkFile + ". Nothing was sent.");
      return null;
    }
    var bytes = await file.arrayBuffer();
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (e) {
      say(f, "Work file is not UTF-8 text, which validators read. Nothing was sent.");
      return null;
    }
    return upload(f, "WorkUpload", "/v1/work/", bytes);
  }

  // fetchWork has the node fetch an https work URL under a WorkFetch signature the
  // wallet makes over the URL, and returns the sha256 the node kept its bytes under,
  // or null when it could not (the fetch's class and message said in the form).
  async function fetchWork(f, url) {
    var st = f.querySelector(".app-status");
    var fields = [{ name: "arena", type: "bytes32" }, { name: "account", type: "address" }, { name: "url", type: "string" },
      { name: "validUntil", type: "uint64" }];
    var s = await signStore(f, "WorkFetch", fields, function (from, until) {
      return { arena: cfg.arena, account: from, url: url, validUntil: String(until) };
    }, "Asking your wallet to sign the node's fetch of " + url + ".");
    if (!s) {
      return null;
    }
    var res = await fetch("/v1/work/fetch", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ url: url, account: s.from, valid_until: String(s.until), chain_id: String(s.chain), signature: s.sig }) });
    if (!res.ok) {
      var err = await refusedBy(res);
      st.textContent = "The node could not fetch the URL [" + err.cls + "]: " + err.message + ". Nothing was sent.";
      return null;
    }
    var w = await res.json();
    st.textContent = "The node fetched " + w.size + " bytes from " + url + ", sha256 " + w.sha256 + ".";
    logLine("fetch " + url, "kept by the node, " + w.size + " bytes, sha256 " + w.sha256);
    return w.sha256;
  }

  // workOf reads the work fields of form f (work, file, work_url) for an entry on task
  // id, sealed or not, as the Enter form and the Replace form both file it: text; or a
  // file uploaded to this node under a WorkUpload signature, or a URL the node fetches
  // under a WorkFetch one, named by the URL and the sha256 of its bytes; or, on a sealed
  // task, a commitment to the text, its salt made here, kept in this browser under the
  // task and the account and offered as a file. It returns the body's work members, or
  // null once the form says why nothing was sent.
  async function workOf(f, id, sealed) {
    var work = val(f, "work"), url = val(f, "work_url").trim(), file = f.elements.file.files[0];
    if (file || url) {
      if (sealed) {
        say(f, "Task #" + id + " is sealed: a sealed entry is committed text, not a file or a URL. Nothing was sent.");
        return null;
      }
      if (work !== "") {
        say(f, "Give the work as text, or as a URL (with its file or without), not both. Nothing was sent.");
        return null;
      }
      if (!/^https:\/\/[^/?#\s]+/.test(url)) {
        say(f, "Work URL is required with a file: an https URL with a host, where the file is published. Nothing was sent.");
        return null;
      }
      var sha = file ? await uploadWork(f, file) : await fetchWork(f, url);
      return sha ? { work: "", work_url: url, work_sha256: sha } : null;
    }
    if (work === "") {
      say(f, "Work is required: text, a URL, or a file with its URL. Nothing was sent.");
      return null;
    }
    if (!sealed) {
      return { work: work, work_url: "" };
    }
    var from = await accountOf();
    var s = salt();
    var rec = { arena: cfg.arena, task: id, solver: from, salt: s, work: work };
    var c = await commitment(s, from, work);
    keep("task:" + id + ":" + from, rec);
    offer(f, "arena-task-" + id + "-salt.json", rec).click();
    return { work: "", work_url: "", commitment: c };
  }

  var verbs = {
    post: async function (f) {
      var prize = toAtto(val(f, "prize"));
      if (prize === null || prize === "0") {
        return say(f, "Prize must be a positive amount of " + cfg.symbol + ", at most 18 decimals.");
      }
      var shares = sharesOf(val(f, "shares"));
      if (typeof shares === "string") {
        return say(f, shares);
      }
      var body = { title: val(f, "title"), spec: val(f, "spec"), rubric: val(f, "rubric"), closes_in_s: num(f, "closes_in_s") };
      if (f.elements.sealed.checked) {
        body.sealed = true;
        body.reveal_s = num(f, "reveal_s");
      }
      if (shares.length) {
        body.shares = shares;
      }
      var rc = await send(f, "post_task", prize, body, function () { return [["prize", prize]]; });
      if (rc) {
        watch("task", rc.outcome.created, log.firstChild);
      }
    },
    enter: async function (f) {
      var id = num(f, "task");
      var team = teamOf(val(f, "team"));
      if (typeof team === "string") {
        return say(f, team);
      }
      var t = await call("GET", "/v1/tasks/" + id);
      var w = await workOf(f, id, t.ok && t.body.sealed);
      if (!w) {
        return;
      }
      var body = Object.assign({ task: id }, w);
      if (team.length) {
        body.team = team;
      }
      var rc = await send(f, "submit", cfg.entry_bond, body, gradingFee("entry bond", cfg.entry_bond));
      if (rc) {
        watch("entry", rc.outcome.created, log.firstChild);
        watch("task", id, log.firstChild);
        if (body.commitment) {
          keep("entry:" + rc.outcome.created, kept("task:" + id + ":" + account));
        }
      }
    },
    grade: async function (f) {
      var rc = await send(f, "grade", "0", { entry: num(f, "entry") });
      if (rc) {
        watch("entry", num(f, "entry"), log.firstChild);
        watch("round", rc.outcome.created, log.firstChild);
      }
    },
    appeal: async function (f) {
      var rc = await send(f, "appeal", cfg.appeal_bond, { entry: num(f, "entry"), argument: val(f, "argument") },
        gradingFee("appeal bond", cfg.appeal_bond));
      if (rc) {
        watch("entry", num(f, "entry"), log.firstChild);
      }
    },
    award: async function (f) {
      var id = num(f, "task"), t = await call("GET", "/v1/tasks/" + id), c = await clock();
      if (t.ok && c.now < t.body.closes_at) {
        return say(f, early("The task has not closed yet", "task #" + id + " closes at " + when(t.body.closes_at)));
      }
      var rc = await send(f, "award", "0", { task: id });
      if (rc) {
        var li = log.firstChild;
        watch("task", id, li);
        var t = await get("/v1/tasks/" + id);
        step(li, t.podium && t.podium.length ? await podium(t.podium) :
          t.winner ? "won by entry #" + t.winner + " at " + t.winning_score + ", prize " + units(t.prize) : t.state);
      }
    },
    topup: async function (f) {
      var id = num(f, "task"), amount = toAtto(val(f, "amount"));
      if (amount === null || amount === "0") {
        return say(f, "Amount added to the prize must be a positive amount of " + cfg.symbol + ", at most 18 decimals. Nothing was sent.");
      }
      var rc = await send(f, "top_up", amount, { task: id }, function () { return [["added to the prize", amount]]; });
      if (rc) {
        var t = await get("/v1/tasks/" + id);
        step(log.firstChild, "added " + units(amount) + ": the prize is now " + units(t.prize));
      }
    },
    extend: async function (f) {
      var id = num(f, "task"), rc = await send(f, "extend_task", "0", { task: id, by_s: num(f, "by_s") });
      if (rc) {
        var t = await get("/v1/tasks/" + id);
        step(log.firstChild, "the task now closes at " + when(t.closes_at));
      }
    },
    taskask: async function (f) {
      var id = num(f, "task"), rc = await send(f, "ask_question", "0", { task: id, question: val(f, "question") });
      if (rc) {
        step(log.firstChild, "asked as question #" + rc.outcome.created + " of task #" + id);
      }
    },
    taskanswer: async function (f) {
      await send(f, "answer_question", "0", { task: num(f, "task"), question: num(f, "question"), reply: val(f, "reply") });
    },
    withdrawentry: async function (f) {
      var id = num(f, "entry"), rc = await send(f, "withdraw_entry", "0", { entry: id });
      if (rc) {
        var e = await get("/v1/entries/" + id);
        step(log.firstChild, "entry #" + id + " " + e.state + ": its bond of " + units(e.bond) + " returned");
      }
    },
    replace: async function (f) {
      var id = num(f, "entry"), from = await accountOf();
      var r = await call("GET", "/v1/entries/" + id);
      if (!r.ok) {
        return say(f, r.status === 404 ? "There is no entry #" + id + " to replace. Nothing was sent." : refusalText(refusal(r.body)));
      }
      var e = r.body, t = await get("/v1/tasks/" + e.task), a = await get("/v1/arena");
      var bad = unreplaceable(e, t, a.time, from);
      if (bad) {
        return say(f, bad + " Nothing was sent.");
      }
      var fee = a.terms.grading_fee;
      if (e.grade) {
        var acc = await get("/v1/accounts/" + from);
        if (BigInt(acc.balance) < BigInt(fee)) {
          return say(f, "A grade earned entry #" + id + "'s grading fee, so its replacement pays a new one of " + units(fee) +
            "; your wallet holds " + units(acc.balance) + ". Nothing was sent.");
        }
      }
      var w = await workOf(f, e.task, t.sealed);
      if (!w) {
        return;
      }
      var rc = await send(f, "replace_entry", "0", Object.assign({ entry: id }, w), function (ar) {
        return e.grade ? [["grading fee", ar.terms.grading_fee]] : [];
      });
      if (rc) {
        var li = log.firstChild, created = rc.outcome.created;
        watch("entry", created, li);
        watch("task", e.task, li);
        if (w.commitment) {
          keep("entry:" + created, kept("task:" + e.task + ":" + account));
        }
        var old = await get("/v1/entries/" + id), n = await get("/v1/entries/" + created);
        step(li, "entry #" + id + " " + old.state + " by entry #" + old.replaced_by + ", filed now as #" + n.seq + " on task #" + n.task +
          ": it took over the bond of " + units(n.bond) + ", nothing staked again" +
          (old.grade ? "; a grade had earned entry #" + id + "'s grading fee, so entry #" + created + " paid its own, " + units(n.grading_fee) :
            "; the grading fee of " + units(n.grading_fee) + ", which no grade had earned, carried over") +
          (n.team && n.team.length ? "; the team and its split carried over" : ""));
      }
    },
    reveal: async function (f) {
      var id = num(f, "entry"), rec = kept("entry:" + id) || {};
      var s = val(f, "salt") || rec.salt || "", work = val(f, "work") || rec.work || "";
      if (s === "") {
        return say(f, "This browser keeps no salt for entry #" + id + ": paste the salt and the work from the file saved at entry.");
      }
      var e = await call("GET", "/v1/entries/" + id), from = await accountOf();
      if (e.ok && e.body.state === "sealed" && e.body.solver.toLowerCase() === from) {
        var t = await get("/v1/tasks/" + e.body.task), c = await clock();
        if (c.now < t.closes_at) {
          return say(f, early("Sealed entries are revealed after the task closes", "task #" + t.id + " closes at " + when(t.closes_at)));
        }
      }
      await send(f, "reveal", "0", { entry: id, salt: s, work: work });
    },
    ask: async function (f) {
      await send(f, "tender_ask", "0", { tender: num(f, "tender"), question: val(f, "question") });
    },
    answer: async function (f) {
      await send(f, "tender_answer", "0", { tender: num(f, "tender"), question: num(f, "question"), reply: val(f, "reply") });
    },
    bid: async function (f) {
      var id = num(f, "tender"), proposal = val(f, "proposal");
      var t = await call("GET", "/v1/tenders/" + id);
      if (!t.ok) {
        return say(f, refusalText(refusal(t.body)));
      }
      var from = await accountOf();
      var s = salt();
      var rec = { arena: cfg.arena, tender: id, bidder: from, salt: s, proposal: proposal };
      keep("tender:" + id + ":" + from, rec);
      offer(f, "arena-tender-" + id + "-salt.json", rec).click();
      var rc = await send(f, "tender_commit", t.body.deposit, { tender: id, commitment: await commitment(s, from, proposal) },
        gradingFee("deposit", t.body.deposit));
      if (rc) {
        keep("bid:" + rc.outcome.created, rec);
        watch("bid", rc.outcome.created, log.firstChild);
        watch("tender", id, log.firstChild);
      }
    },
    bidreveal: async function (f) {
      var id = num(f, "bid"), rec = kept("bid:" + id) || {};
      var s = val(f, "salt") || rec.salt || "", proposal = val(f, "proposal") || rec.proposal || "";
      if (s === "") {
        return say(f, "This browser keeps no salt for bid #" + id + ": paste the salt and the proposal from the file saved at commit.");
      }
      var bid = await call("GET", "/v1/bids/" + id);
      if (bid.ok && bid.body.status === "sealed") {
        var t = await get("/v1/tenders/" + bid.body.tender), c = await clock();
        if (c.now <= t.commit_closes) {
          return say(f, early("The reveal window has not opened", "tender #" + t.id + "'s reveal window opens after " + when(t.commit_closes)));
        }
      }
      var rc = await send(f, "tender_reveal", "0", { bid: id, salt: s, proposal: proposal });
      if (rc) {
        watch("bid", id, log.firstChild);
      }
    },
    score: async function (f) {
      var rc = await send(f, "tender_score", "0", { bid: num(f, "bid") });
      if (rc) {
        watch("bid", num(f, "bid"), log.firstChild);
        watch("round", rc.outcome.created, log.firstChild);
      }
    },
    bidappeal: async function (f) {
      var id = num(f, "bid"), bid = await get("/v1/bids/" + id), t = await get("/v1/tenders/" + bid.tender);
      var rc = await send(f, "tender_appeal", t.appeal_bond, { bid: id, argument: val(f, "argument") }, gradingFee("appeal bond", t.appeal_bond));
      if (rc) {
        watch("bid", id, log.firstChild);
      }
    },
    resolve: async function (f) {
      var id = num(f, "bid"), rc = await send(f, "tender_resolve", "0", { bid: id });
      if (rc) {
        watch("bid", id, log.firstChild);
        watch("round", rc.outcome.created, log.firstChild);
      }
    },
    decline: async function (f) {
      await send(f, "tender_decline", "0", { tender: num(f, "tender"), reason: val(f, "reason") });
    },
    tenderaward: async function (f) {
      var id = num(f, "tender"), t = await call("GET", "/v1/tenders/" + id), c = await clock();
      if (t.ok && t.body.state === "open" && c.now <= t.body.reveal_closes) {
        return say(f, early("The reveal window has not closed", "tender #" + id + "'s reveal window closes at " + when(t.body.reveal_closes)));
      }
      var rc = await send(f, "tender_award", "0", { tender: id });
      if (rc) {
        watch("tender", num(f, "tender"), log.firstChild);
        step(log.firstChild, awarded(rc));
      }
    },
    bet: async function (f) {
      var move = val(f, "move").trim(), stake = toAtto(val(f, "stake"));
      if (["attack", "defend", "charge", "heal"].indexOf(move) < 0) {
        return say(f, "Move must be attack, defend, charge or heal. Nothing was sent.");
      }
      if (stake === null || stake === "0") {
        return say(f, "Stake must be a positive amount of " + cfg.symbol + ", at most 18 decimals. Nothing was sent.");
      }
      await send(f, "match_bet", stake, { match: num(f, "match"), turn: num(f, "turn"), agent: num(f, "agent"), move: move },
        function () { return [["stake", stake]]; });
    },
    commit: async function (f) {
      var id = num(f, "challenge"), profile = val(f, "profile").trim();
      if (profile !== "full" && profile !== "practice") {
        return say(f, "Profile must be full or practice. Nothing was sent.");
      }
      var bytes = await moduleBytes(f, f.elements.file.files[0], "Module");
      if (!bytes) {
        return;
      }
      var c = await get("/v1/challenges/" + id);
      var value = (BigInt(c.deposit) + BigInt(c.grading_fee)).toString();
      var sha = await upload(f, "BlobUpload", "/v1/blobs/", bytes);
      if (!sha) {
        return;
      }
      await send(f, "challenge_commit", value, { challenge: id, program: sha, size: bytes.byteLength, profile: profile }, staked(c));
    },
    learn: async function (f) {
      var id = num(f, "challenge");
      var arch = await moduleBytes(f, f.elements.arch.files[0], "Architecture module");
      if (!arch) {
        return;
      }
      var train = await moduleBytes(f, f.elements.train.files[0], "Training module");
      if (!train) {
        return;
      }
      if (hex(await crypto.subtle.digest("SHA-256", arch)) === hex(await crypto.subtle.digest("SHA-256", train))) {
        return say(f, "Architecture and training modules are the same file; the ledger takes two different modules. Nothing was sent.");
      }
      var c = await get("/v1/learning/" + id);
      var value = (BigInt(c.deposit) + BigInt(c.grading_fee)).toString();
      var archSHA = await upload(f, "BlobUpload", "/v1/blobs/", arch);
      if (!archSHA) {
        return;
      }
      var trainSHA = await upload(f, "BlobUpload", "/v1/blobs/", train);
      if (!trainSHA) {
        return;
      }
      await send(f, "learn_commit", value, { challenge: id, arch: archSHA, arch_size: arch.byteLength, train: trainSHA, train_size: train.byteLength },
        staked(c));
    },
    withdraw: async function (f) {
      var from = await accountOf();
      var c = await get("/v1/claimable/" + from);
      var rc = await send(f, "withdraw", "0", {});
      if (rc) {
        step(log.firstChild, "withdrew " + units(c.amount));
      }
    }
  };
  function awarded(rc) {
    var evs = rc.outcome.events || [];
    for (var i = 0; i < evs.length; i++) {
      if (evs[i].type === "award") {
        return "awarded" + (evs[i].entry ? " to entry #" + evs[i].entry : "") + (evs[i].bid ? " to bid #" + evs[i].bid : "") +
          (evs[i].amount ? ", " + units(evs[i].amount) : "");
      }
    }
    return "settled";
  }
  // staked is cost's parts for a commit whose value is challenge c's deposit and grading
  // fee together.
  function staked(c) {
    return function () { return [["deposit", c.deposit], ["grading fee", c.grading_fee]]; };
  }
  // early is the ledger's refusal msg of an action the arena's clock forbids, said in the
  // page before anything is signed, with the moment the view names (what).
  function early(msg, what) {
    return refusalText({ cls: "EXPECTED", message: msg }) + ": " + what + ". Nothing was sent.";
  }
  // podium names every place of a tiered task's award, as GET /v1/tasks/{id} gives it:
  // the entry that took it with its grade, and its amount; a place no entry took says so.
  async function podium(places) {
    var out = [];
    for (var i = 0; i < places.length; i++) {
      var p = places[i];
      if (!p.entry) {
        out.push("place " + p.rank + " taken by no entry, " + units(p.amount) + " back to the funders");
        continue;
      }
      var e = await get("/v1/entries/" + p.entry);
      out.push("place " + p.rank + " won by entry #" + p.entry + (e.grade ? " at " + e.grade.score : "") + ", prize " + units(p.amount));
    }
    return out.join("; ");
  }
  // when writes an arena time, in seconds, as UTC.
  function when(s) {
    return new Date(s * 1000).toISOString().replace("T", " ").replace(/\.\d+Z$/, " UTC");
  }
  // sharesOf reads prize shares by place, basis points separated by commas: the shares,
  // [] for none (one winner), or what is wrong with them, as the ledger would refuse
  // them (each positive, at most L.Shares places, summing to L.Basis), so that no fee
  // is paid for a refusal.
  function sharesOf(text) {
    if (text.trim() === "") {
      return [];
    }
    var out = [], parts = text.split(",");
    for (var i = 0; i < parts.length; i++) {
      var p = parts[i].trim();
      if (!/^\d+$/.test(p)) {
        return "Prize shares by place: \u201c" + p.slice(0, 40) + "\u201d is not a whole number of basis points; write them " +
          "first place first, separated by commas, such as 5000,3000,2000. Nothing was sent.";
      }
      out.push(Number(p));
    }
    if (out.length > L.Shares) {
      return "Prize shares by place name " + out.length + " places; a prize is split across at most " + L.Shares + ". Nothing was sent.";
    }
    var sum = 0;
    for (var j = 0; j < out.length; j++) {
      if (out[j] <= 0) {
        return "Prize shares by place: every place takes a positive share; place " + (j + 1) + " takes none. Nothing was sent.";
      }
      sum += out[j];
    }
    if (sum !== L.Basis) {
      return "Prize shares by place sum to " + sum + " basis points; they must sum to " + L.Basis + ", the whole prize. Nothing was sent.";
    }
    return out;
  }
  // teamOf reads a team, one member a line as "0xADDRESS SHARE_BPS": the members, [] for
  // none (the filer alone), or what is wrong with a line. The split's sum, the members'
  // count and who may be on it are the ledger's to judge.
  function teamOf(text) {
    var out = [], lines = text.split("\n");
    for (var i = 0; i < lines.length; i++) {
      var l = lines[i].trim();
      if (l === "") {
        continue;
      }
      var m = /^(0x[0-9a-fA-F]{40})\s+(\d+)$/.exec(l);
      if (!m) {
        return "Team line " + (i + 1) + " \u201c" + l.slice(0, 60) + "\u201d is not a member: write 0x and 40 hex digits, " +
          "a space, then its share in whole basis points. Nothing was sent.";
      }
      out.push({ address: m[1], share: Number(m[2]) });
    }
    return out;
  }
  // unreplaceable says why the ledger would refuse from to replace entry e of task t at
  // the arena's time now, as far as the views show it, or "": only its filer, only an
  // entry still on its task, only before the task closes, only while no grading round or
  // appeal is open on it.
  function unreplaceable(e, t, now, from) {
    if (e.state === "replaced") {
      return "Entry #" + e.id + " was replaced by entry #" + e.replaced_by + ": replace the entry in force.";
    }
    if (e.state === "withdrawn") {
      return "Entry #" + e.id + " was withdrawn: it has left task #" + e.task + ".";
    }
    if (e.solver.toLowerCase() !== from) {
      return "Entry #" + e.id + " was filed by " + e.solver + "; only its filer replaces it.";
    }
    if (now >= t.closes_at) {
      return "Task #" + t.id + " closed at " + when(t.closes_at) + ": an entry is replaced only before its task closes.";
    }
    if (t.state !== "open") {
      return "Task #" + t.id + " is " + t.state + ": an entry is replaced only before its task closes.";
    }
    if (e.state === "grading" || e.state === "appealed") {
      return "Entry #" + e.id + " has " + (e.state === "grading" ? "a grading round" : "an appeal") +
        " open: an entry is replaced only while none is open on it.";
    }
    return "";
  }
  function say(f, text) {
    f.querySelector(".app-status").textContent = text;
  }

  document.querySelectorAll("#act form.act").forEach(function (f) {
    f.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var bad = problem(f);
      if (!bad && !eth()) {
        noWallet();
        bad = "No wallet: nothing was sent.";
      }
      if (bad) {
        say(f, /Nothing was sent\.$|nothing was sent\.$/.test(bad) ? bad : bad + " Nothing was sent.");
        return;
      }
      var button = f.querySelector("button[type=submit]");
      button.disabled = true;
      verbs[f.getAttribute("data-verb")](f).catch(function (e) {
        say(f, e.cls ? refusalText(e) : typeof e.code === "number" ? walletError(e) :
          "The page could not finish: " + (e && e.message ? e.message : String(e)) + ".");
      }).finally(function () {
        button.disabled = false;
      });
    });
  });
})();
