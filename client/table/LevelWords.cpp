#include "table/LevelWords.hpp"

#include "text/Words.hpp"

namespace speed::client {

std::string levelWords(BotLevel level) {
    switch (level) {
    case BotLevel::Novice: return tr("level.novice");
    case BotLevel::Easy: return tr("level.easy");
    case BotLevel::Casual: return tr("level.casual");
    case BotLevel::Normal: return tr("level.normal");
    case BotLevel::Hard: return tr("level.hard");
    case BotLevel::Expert: return tr("level.expert");
    case BotLevel::Max: break;
    }
    return tr("level.max");
}

std::string botNameWords(BotLevel level) {
    switch (level) {
    case BotLevel::Novice: return tr("bot.novice");
    case BotLevel::Easy: return tr("bot.easy");
    case BotLevel::Casual: return tr("bot.casual");
    case BotLevel::Normal: return tr("bot.normal");
    case BotLevel::Hard: return tr("bot.hard");
    case BotLevel::Expert: return tr("bot.expert");
    case BotLevel::Max: break;
    }
    return tr("bot.max");
}

std::string botTitleWords(BotLevel level) {
    if (!isLadderLevel(level)) return levelWords(level);
    return trf("bot.title", botNameWords(level), levelWords(level));
}

} // namespace speed::client
