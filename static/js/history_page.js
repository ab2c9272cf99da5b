// A game's history pages: the list of its deals, or one deal to step through.

import { DealReview, drawDealList, fetchJson } from "./table/history.js";

const config = JSON.parse(document.getElementById("history-config").textContent);
const dealData = document.getElementById("deal-data");
if (dealData) {
  const box = document.getElementById("deal-review");
  const deal = JSON.parse(dealData.textContent);
  new DealReview(box, deal, config, () => fetchJson(`/table/${config.game}/deals/${deal.number}.json`));
  box.focus();
} else {
  const deals = JSON.parse(document.getElementById("deals-data").textContent);
  drawDealList(document.getElementById("deal-list"), deals, config, {
    hrefFor: (number) => `/table/${config.game}/deals/${number}/`,
  });
}
