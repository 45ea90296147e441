#pragma once
/* The driver API: host-only declarations, which NVRTC refuses (device code needs none). */
