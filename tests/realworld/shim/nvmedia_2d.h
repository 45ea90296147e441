#pragma once
/* host-only header: nothing device code needs */
