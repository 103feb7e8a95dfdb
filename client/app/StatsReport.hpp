#pragma once

#include "speed/store/GameStats.hpp"

#include <ostream>
#include <string>

// `speed --stats [--json]`: the statistics as a table for people or one JSON object.
namespace speed::client {

// "W", "L", "D" per game, oldest first: the last games at a glance.
std::string recentLetters(const std::vector<store::GameOutcome>& recent);

void printStatsTable(const store::StatsSummary& summary, const std::string& file, std::ostream& out);
void printStatsJson(const store::StatsSummary& summary, const std::string& file, std::ostream& out);

} // namespace speed::client
