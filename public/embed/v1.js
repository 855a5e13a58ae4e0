/*!
 * Verify embed v1.0.0: opens the hosted verification flow in a modal <iframe> on your page.
 * Served by the Verify app itself (/embed.js is always the latest v1; /embed/v1.js pins it);
 * no third-party code, no cookies, nothing sent anywhere but to the flow you open.
 *
 *   <script src="https://verify.example.com/embed.js"></script>
 *   Verify.open({ url: session.url, onEvent: function (e) { ... } });
 *   Verify.open({ sessionId: session.id, clientToken: session.client_token, onCompleted: ... });
 *
 * Events (one object each, `type` plus its fields), from the flow by postMessage. A message is
 * only accepted from this script's own origin and from the modal's own frame:
 *   ready          { session_id }
 *   step_completed { session_id, step, step_type }
 *   completed      { session_id, status }   (approved | declined | review; the modal then closes)
 *   cancelled      { session_id, reason }   (closed: the applicant closed the modal;
 *                                             session_cancelled | session_expired)
 *   error          { session_id, code }     (e.g. token_expired, token_replaced, invalid, network_error)
 * The flow can be framed only by your project's allowed origins (dashboard, Settings → API keys).
 */
(function () {
  "use strict";
  var VERSION = "1.0.0";
  var PROTOCOL = 1;
  var script = document.currentScript;
  /** The flow's origin: where this script came from. Messages from anywhere else are ignored. */
  var FLOW_ORIGIN = new URL(script && script.src ? script.src : window.location.href).origin;
  var HANDLERS = {
    ready: "onReady",
    step_completed: "onStepCompleted",
    completed: "onCompleted",
    cancelled: "onCancelled",
    error: "onError",
  };
  var current = null;

  function flowUrl(options) {
    var url;
    if (options.url) {
      url = new URL(options.url, FLOW_ORIGIN);
    } else if (options.sessionId && options.clientToken) {
      url = new URL("/flow/" + encodeURIComponent(options.sessionId) + "#t=" + encodeURIComponent(options.clientToken), FLOW_ORIGIN);
    } else {
      throw new TypeError("Verify.open needs { url } or { sessionId, clientToken }.");
    }
    if (url.origin !== FLOW_ORIGIN || !/^\/flow\/[^/]+$/.test(url.pathname)) {
      throw new TypeError("Verify.open: the url must be a hosted flow link of " + FLOW_ORIGIN + ".");
    }
    // in the fragment, like the client token: never sent to a server
    var hash = new URLSearchParams(url.hash.replace(/^#/, ""));
    hash.set("embed", String(PROTOCOL));
    hash.set("parent", window.location.origin);
    url.hash = hash.toString();
    return url;
  }

  function emit(state, event) {
    var options = state.options;
    try {
      if (typeof options.onEvent === "function") options.onEvent(event);
      var named = options[HANDLERS[event.type]];
      if (typeof named === "function") named(event);
    } catch (err) {
      setTimeout(function () {
        throw err;
      });
    }
  }

  function onMessage(e) {
    var state = current;
    if (!state || e.origin !== FLOW_ORIGIN || e.source !== state.iframe.contentWindow) return;
    var data = e.data;
    if (!data || data.source !== "verify-flow" || data.version !== PROTOCOL || !HANDLERS[data.type]) return;
    var event = { type: data.type };
    for (var key in data.payload) if (Object.prototype.hasOwnProperty.call(data.payload, key)) event[key] = data.payload[key];
    if (data.type === "completed" || data.type === "cancelled") state.finished = true;
    emit(state, event);
    if (data.type === "completed" && state.options.closeOnComplete !== false) teardown();
  }

  function onKey(e) {
    if (e.key === "Escape") close();
  }

  function teardown() {
    var state = current;
    if (!state) return;
    current = null;
    window.removeEventListener("message", onMessage);
    document.removeEventListener("keydown", onKey, true);
    state.overlay.remove();
    document.documentElement.style.overflow = state.overflow;
    if (state.opener && typeof state.opener.focus === "function") state.opener.focus();
  }

  /** Closes the modal; before the flow finished, that is `cancelled` with reason `closed`. */
  function close() {
    var state = current;
    if (!state) return;
    teardown();
    if (!state.finished) emit(state, { type: "cancelled", session_id: state.sessionId, reason: "closed" });
  }

  function el(tag, style, attrs) {
    var node = document.createElement(tag);
    Object.assign(node.style, style);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    return node;
  }

  /**
   * Opens the flow in a modal. `options`: `url` (the session's hosted-flow link) or `sessionId`
   * and `clientToken`; `onEvent(event)` and/or `onReady`, `onStepCompleted`, `onCompleted`,
   * `onCancelled`, `onError`; `closeOnComplete` (default true). Returns `{ close }`.
   */
  function open(options) {
    options = options || {};
    var url = flowUrl(options);
    close();
    var overlay = el(
      "div",
      {
        position: "fixed",
        inset: "0",
        zIndex: "2147483647",
        background: "rgba(15, 23, 42, 0.6)",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
      },
      { role: "dialog", "aria-modal": "true", "aria-label": options.title || "Identity verification", "data-verify-embed": VERSION },
    );
    var box = el("div", {
      position: "relative",
      width: "min(480px, 100vw)",
      height: "min(780px, 100dvh)",
      background: "#fff",
      borderRadius: window.innerWidth > 480 ? "12px" : "0",
      overflow: "hidden",
      boxShadow: "0 20px 50px rgba(0, 0, 0, 0.3)",
    });
    var iframe = el(
      "iframe",
      { width: "100%", height: "100%", border: "0", display: "block" },
      { src: url.href, title: options.title || "Identity verification", allow: "camera; clipboard-write", referrerpolicy: "no-referrer" },
    );
    var closeButton = el(
      "button",
      {
        position: "absolute",
        top: "8px",
        right: "8px",
        width: "44px",
        height: "44px",
        border: "0",
        borderRadius: "22px",
        background: "rgba(15, 23, 42, 0.75)",
        color: "#fff",
        font: "24px/44px system-ui, sans-serif",
        cursor: "pointer",
      },
      { type: "button", "aria-label": options.closeLabel || "Close verification" },
    );
    closeButton.textContent = "\u00d7";
    closeButton.addEventListener("click", close);
    box.appendChild(iframe);
    box.appendChild(closeButton);
    overlay.appendChild(box);
    var sessionId = decodeURIComponent(url.pathname.split("/")[2]);
    current = {
      options: options,
      overlay: overlay,
      iframe: iframe,
      sessionId: sessionId,
      finished: false,
      opener: document.activeElement,
      overflow: document.documentElement.style.overflow,
    };
    window.addEventListener("message", onMessage);
    document.addEventListener("keydown", onKey, true);
    document.documentElement.style.overflow = "hidden";
    document.body.appendChild(overlay);
    iframe.focus();
    return { close: close };
  }

  window.Verify = { version: VERSION, open: open, close: close };
})();
