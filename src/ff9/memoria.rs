//! The Memoria mod's sidecar (`SavedData_ww_Memoria_<slot>_<file>.dat`): a SimpleJSON binary tree.
