#pragma once
/* harrism/mini-nbody: host timing helpers, nothing device code needs */
