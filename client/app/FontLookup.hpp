#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace speed::client {

// What the window asks of the machine's fonts: a family by name ("DejaVu Sans"), or, with an
// empty family, the best face for a language ("ja").
struct FaceQuery {
    std::string family;
    std::string language;
    bool bold = false;
};

// A face found: its file (the first face in it: SFML 2.5 loads no other) and its family's name.
struct FoundFace {
    std::string path;
    std::string family;
};

// Looks a face up; nothing when the machine has none that fits.
using FaceLookup = std::function<std::optional<FoundFace>(const FaceQuery&)>;

// The lookup through fontconfig. A family query answers only with that family (fontconfig's best
// match for a family it lacks is another one) and a bold query only with a bold face (none for a
// family of one weight); a language query answers with a face that covers the language.
std::optional<FoundFace> fontconfigLookup(const FaceQuery& query);

// A face the window wanted and did not find, and the one that stands in for it.
struct MissingFace {
    std::string wanted;  // "Noto Sans CJK JP"
    std::string package; // the Debian package that has it
    std::string instead; // "IPAPGothic"
};

// The files the window draws its words with. An empty path: no such face (a bold one: the
// regular face stands in).
struct FontChoice {
    std::string latinRegular;
    std::string latinBold;
    std::string japanese;
    std::string japaneseBold;
    std::vector<MissingFace> missing;
};

// Where the faces come from. --font-dir (DejaVuSans.ttf and DejaVuSans-Bold.ttf in it) and
// --japanese-font win when given. Otherwise: DejaVu Sans for the Latin words, else the machine's
// sans-serif face; for the Japanese words Noto Sans CJK JP (proportional, with a bold weight),
// else IPAPGothic (proportional), else the machine's best face for Japanese.
FontChoice chooseFonts(const std::string& fontDirectory, const std::string& japaneseFont, const FaceLookup& lookup);

} // namespace speed::client
