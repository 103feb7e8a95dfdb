#include "app/FontLookup.hpp"

#include <fontconfig/fontconfig.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <string_view>
#include <tuple>
#include <utility>

namespace speed::client {
namespace {

struct PatternFree {
    void operator()(FcPattern* pattern) const { FcPatternDestroy(pattern); }
};
using Pattern = std::unique_ptr<FcPattern, PatternFree>;

const FcChar8* fcText(const std::string& text) { return reinterpret_cast<const FcChar8*>(text.c_str()); }

bool sameName(std::string_view a, std::string_view b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
        return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
    });
}

// One of the face's family names (a face may have several: "IPAGothic", "IPAゴシック") is `family`.
bool hasFamily(FcPattern* face, const std::string& family) {
    FcChar8* name = nullptr;
    for (int n = 0; FcPatternGetString(face, FC_FAMILY, n, &name) == FcResultMatch; ++n) {
        if (sameName(reinterpret_cast<const char*>(name), family)) return true;
    }
    return false;
}

bool coversLanguage(FcPattern* face, const std::string& language) {
    FcLangSet* languages = nullptr;
    return FcPatternGetLangSet(face, FC_LANG, 0, &languages) == FcResultMatch &&
           FcLangSetHasLang(languages, fcText(language)) == FcLangEqual;
}

} // namespace

std::optional<FoundFace> fontconfigLookup(const FaceQuery& query) {
    // Once per process; fontconfig's configuration is given back at exit (nothing else in the
    // window uses fontconfig), so that a leak checker sees the program free what it took.
    static const bool ready = [] {
        if (FcInit() == FcFalse) return false;
        std::atexit([] { FcFini(); });
        return true;
    }();
    if (!ready) return std::nullopt;
    Pattern wanted(FcPatternCreate());
    if (!query.family.empty()) FcPatternAddString(wanted.get(), FC_FAMILY, fcText(query.family));
    if (!query.language.empty()) {
        FcLangSet* languages = FcLangSetCreate();
        FcLangSetAdd(languages, fcText(query.language));
        FcPatternAddLangSet(wanted.get(), FC_LANG, languages);
        FcLangSetDestroy(languages);
    }
    FcPatternAddInteger(wanted.get(), FC_WEIGHT, query.bold ? FC_WEIGHT_BOLD : FC_WEIGHT_REGULAR);
    FcPatternAddBool(wanted.get(), FC_SCALABLE, FcTrue);
    FcConfigSubstitute(nullptr, wanted.get(), FcMatchPattern);
    FcDefaultSubstitute(wanted.get());
    FcResult result = FcResultNoMatch;
    const Pattern face(FcFontMatch(nullptr, wanted.get(), &result));
    if (!face || result != FcResultMatch) return std::nullopt;

    FcChar8* file = nullptr;
    FcChar8* family = nullptr;
    int index = 0;
    int weight = FC_WEIGHT_REGULAR;
    if (FcPatternGetString(face.get(), FC_FILE, 0, &file) != FcResultMatch ||
        FcPatternGetString(face.get(), FC_FAMILY, 0, &family) != FcResultMatch) {
        return std::nullopt;
    }
    FcPatternGetInteger(face.get(), FC_INDEX, 0, &index);
    FcPatternGetInteger(face.get(), FC_WEIGHT, 0, &weight);
    // fontconfig always answers with its best match: only what was asked for will do.
    if (index != 0) return std::nullopt;
    if (!query.family.empty() && !hasFamily(face.get(), query.family)) return std::nullopt;
    if (!query.language.empty() && !coversLanguage(face.get(), query.language)) return std::nullopt;
    // A face of one weight answers a bold query as bold to be emboldened (a smeared regular face).
    FcBool emboldened = FcFalse;
    FcPatternGetBool(face.get(), FC_EMBOLDEN, 0, &emboldened);
    if (query.bold && (weight < FC_WEIGHT_BOLD || emboldened == FcTrue)) return std::nullopt;
    return FoundFace{reinterpret_cast<const char*>(file), query.family.empty() ? reinterpret_cast<const char*>(family) : query.family};
}

namespace {

// A family the window prefers, and the Debian package that has it (for the words of a note).
struct Wanted {
    const char* family;
    const char* package;
};

// The first of `families` the machine has, regular and bold; else its best face for `language`.
// The first family, when another face stands in for it, goes into `missing`.
std::pair<std::string, std::string> firstFound(std::initializer_list<Wanted> families, const char* language,
                                               const FaceLookup& lookup, std::vector<MissingFace>& missing) {
    std::optional<FoundFace> regular;
    std::string bold;
    for (const Wanted& wanted : families) {
        regular = lookup({wanted.family, {}, false});
        if (regular) {
            if (const auto found = lookup({wanted.family, {}, true})) bold = found->path;
            break;
        }
    }
    if (!regular) {
        regular = lookup({{}, language, false});
        if (regular) {
            if (const auto found = lookup({regular->family, {}, true})) bold = found->path;
        }
    }
    if (!regular) return {}; // the caller says what it means to have none
    const Wanted& first = *families.begin();
    if (regular->family != first.family) missing.push_back({first.family, first.package, regular->family});
    return {regular->path, bold};
}

} // namespace

FontChoice chooseFonts(const std::string& fontDirectory, const std::string& japaneseFont, const FaceLookup& lookup) {
    FontChoice choice;
    if (!fontDirectory.empty()) {
        choice.latinRegular = fontDirectory + "/DejaVuSans.ttf";
        choice.latinBold = fontDirectory + "/DejaVuSans-Bold.ttf";
    } else {
        std::tie(choice.latinRegular, choice.latinBold) =
            firstFound({{"DejaVu Sans", "fonts-dejavu-core"}}, "en", lookup, choice.missing);
    }
    if (!japaneseFont.empty()) {
        choice.japanese = japaneseFont;
    } else {
        std::tie(choice.japanese, choice.japaneseBold) = firstFound(
            {{"Noto Sans CJK JP", "fonts-noto-cjk"}, {"IPAPGothic", "fonts-ipafont-gothic"}}, "ja", lookup, choice.missing);
    }
    return choice;
}

} // namespace speed::client
