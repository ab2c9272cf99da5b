// Every page: register the service worker (/sw.js), which keeps the offline page and assets.
if ("serviceWorker" in navigator) navigator.serviceWorker.register("/sw.js").catch(() => {});
