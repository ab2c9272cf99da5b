// A form with data-confirm asks that question before it is sent (e.g. removing a friend).
document.addEventListener("submit", (event) => {
  const question = event.target.dataset?.confirm;
  if (question && !window.confirm(question)) event.preventDefault();
});
