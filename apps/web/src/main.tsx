// Entry point: styles, then the app in #root.
import "./index.css";
import { bootstrap } from "./app/bootstrap";

bootstrap(document.getElementById("root"));
