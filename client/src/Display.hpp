#pragma once

#include <string>

namespace speed::client {

// Why no window can be opened (no DISPLAY, or the X server does not answer), empty when one can.
// Checked before SFML touches the display: SFML itself would abort the process.
std::string displayProblem();

} // namespace speed::client
