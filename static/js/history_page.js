// A game's history pages: the list of its deals, or one deal to step through.

import { DealReview, drawDealList } from "./table/history.js";

const config = JSON.parse(document.getElementById("history-config").textContent);
const dealData = document.getElementById("deal-data");
if (dealData) {
  const box = document.getElementById("deal-review");
  new DealReview(box, JSON.parse(dealData.textContent), config);
  box.focus();
} else {
  const deals = JSON.parse(document.getElementById("deals-data").textContent);
  drawDealList(document.getElementById("deal-list"), deals, config, {
    hrefFor: (number) => `/table/${config.game}/deals/${number}/`,
  });
}
