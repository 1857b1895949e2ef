// MUI (Material UI and its date pickers, with the dayjs adapter) with React 18 as one script: window.MUIKit =
// {React, createRoot, Autocomplete, TextField, Slider, Checkbox, FormControlLabel, Button, Menu, MenuItem,
// DatePicker, LocalizationProvider, AdapterDayjs, dayjs}.
import React from "react";
import { createRoot } from "react-dom/client";
import Autocomplete from "@mui/material/Autocomplete";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Slider from "@mui/material/Slider";
import TextField from "@mui/material/TextField";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import dayjs from "dayjs";

window.MUIKit = {
  React,
  createRoot,
  Autocomplete,
  TextField,
  Slider,
  Checkbox,
  FormControlLabel,
  Button,
  Menu,
  MenuItem,
  DatePicker,
  LocalizationProvider,
  AdapterDayjs,
  dayjs,
};
