var t=document.getElementById("app");t&&(t.textContent="Chancery");
