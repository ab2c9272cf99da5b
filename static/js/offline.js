// The offline page's "Try again": load the page again (the network may be back).
document.getElementById("try-again")?.addEventListener("click", () => location.reload());
