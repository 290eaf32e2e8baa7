// Following a live game (issue 36): while a stored game is live, its stepper grows with each action
// appended to it, read from GET /v1/games/<id>/events (Server-Sent Events: the browser resumes a
// dropped stream with Last-Event-ID by itself). Kept apart from the drawing (viewer.js): this file
// only learns of new steps and asks viewer.js to show the newest when the reader is at the end.
/* global app, $, el, fetchStep, renderStepper */
"use strict";

const LIVE_WORDS = {
  en: {following: "Live game: each action appears as it is played", ended: "The game has ended"},
  ru: {following: "Игра идёт: каждый ход появляется, как только сыгран", ended: "Игра окончена"},
};
const live = {id: null, stream: null};

// Called by viewer.js once a source is open: a stored game's id, else null (nothing to follow).
function followGame(id) {
  if (id !== null && id === live.id && live.stream) return;
  stopFollowing();
  liveStatus(null);
  live.id = id;
  if (id === null) return;
  const path = `/v1/games/${encodeURIComponent(id)}`;
  fetch(path).then((r) => (r.ok ? r.json() : null)).then((game) => {
    if (!game || !game.live || live.id !== id) return;
    const stream = live.stream = new EventSource(`${path}/events?after=${game.actions}`);
    liveStatus("following");
    stream.addEventListener("action", (e) => grown(id, JSON.parse(e.data).index + 1));
    stream.addEventListener("end", () => { stopFollowing(); liveStatus("ended"); });
  }).catch(() => liveStatus(null));
}

function stopFollowing() {
  if (live.stream) live.stream.close();  // closed: the browser does not reconnect
  live.stream = null;
}

// The game now has `steps` actions: the stepper reaches them, and a reader at the last step follows.
function grown(id, steps) {
  if (!app.view || app.source.kind !== "game" || app.source.id !== id || steps <= app.steps) return;
  const atEnd = app.step >= app.steps - 1;
  app.steps = steps;
  renderStepper();
  if (atEnd) fetchStep(steps - 1);
}

function liveStatus(state) {
  let box = $("live-status");
  if (!box) {
    box = el("p", {id: "live-status", class: "hint", role: "status"});
    $("outcome").after(box);
  }
  box.hidden = state === null;
  box.dataset.live = state || "";
  box.textContent = state ? LIVE_WORDS[app.lang][state] : "";
}
