// Front end of KingsCornerWidget: draws the snapshot sent by Python and sends back intents.
function render({ model, el }) {
  const status = document.createElement("p");
  status.dataset.status = "";
  status.setAttribute("role", "status");
  const update = () => { status.textContent = model.get("status") ?? ""; };
  update();
  el.append(status);
  model.on("change:status", update);
  return () => model.off("change:status", update);
}
export default { render };
