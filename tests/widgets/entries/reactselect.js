// React Select with React 18 as one script: window.ReactSelectKit = {React, createRoot, Select}.
import React from "react";
import { createRoot } from "react-dom/client";
import Select from "react-select";

window.ReactSelectKit = { React, createRoot, Select };
