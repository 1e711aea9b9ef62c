// The big screen follows the table: once "New game, same table" has started the next
// game, the polled board carries a link to it (table.js keeps the board fresh), and the
// screen goes there by itself. Without JavaScript the link is there to tap.
(function () {
  "use strict";
  setInterval(function () {
    var next = document.querySelector("[data-follow]");
    if (next) window.location.assign(next.href);
  }, 1000);
})();
