#pragma once

#include "app/ClientOptions.hpp"
#include "app/TableInput.hpp"
#include "match/MatchDriver.hpp"
#include "render/TableRenderer.hpp"
#include "table/TableMotion.hpp"

namespace speed::client {

// Everything one frame shows, gathered from the match, the player's input and the motion.
TableScene sceneOf(const MatchDriver& match, const TableInput& input, const TableMotion& motion,
                   const ClientOptions& options, TimeMs now);

} // namespace speed::client
