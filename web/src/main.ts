// The entry point of Chancery's web client.

const app = document.getElementById("app");
if (app) {
  app.textContent = "Chancery";
}
