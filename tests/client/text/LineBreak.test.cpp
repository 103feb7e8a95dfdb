// Lines broken where Japanese and English allow, measured with a fixed width per character (one
// unit a character, kana and kanji alike), so each case says exactly where a line must end.
#include "text/LineBreak.hpp"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace speed::client;

namespace {

// One unit per character (UTF-8 lead bytes counted).
float characters(std::string_view text) {
    float count = 0;
    for (const char c : text) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1.0f : 0.0f;
    return count;
}

std::vector<std::string> lines(std::string_view text, float width) {
    std::vector<std::string> out;
    for (const std::string_view line : breakLines(text, width, characters)) out.emplace_back(line);
    return out;
}

using Lines = std::vector<std::string>;

} // namespace

TEST_CASE("line breaks: a Japanese sentence without spaces breaks mid-sentence, every line full") {
    CHECK(lines("日本語の表示にはこのパッケージが必要です", 8) == Lines{"日本語の表示には", "このパッケージが", "必要です"});
}

TEST_CASE("line breaks: kinsoku: no line starts with 、。」ー or a small kana, none ends with 「") {
    // The ninth character is 。: the line gives up its eighth character to keep them together.
    CHECK(lines("あいうえおかきく。けこ", 8) == Lines{"あいうえおかき", "く。けこ"});
    CHECK(lines("あいうえおかきく、けこ", 8) == Lines{"あいうえおかき", "く、けこ"});
    CHECK(lines("あいうえおかきく」けこ", 8) == Lines{"あいうえおかき", "く」けこ"});
    CHECK(lines("あいうえおかきパー", 8) == Lines{"あいうえおかき", "パー"});
    CHECK(lines("あいうえおかきショ", 8) == Lines{"あいうえおかき", "ショ"});
    CHECK(lines("あいうえおかき「くけこ」", 8) == Lines{"あいうえおかき", "「くけこ」"});
    for (const Lines& broken : {lines("スピード：ＵＤＰで遊ぶ、二人対戦のリアルタイムのカードゲームです。", 5),
                                lines("テーブルの描画は「SFML」、メニューと（ダイアログ）は…", 4)}) {
        for (const std::string& line : broken) {
            for (const char* mark : {"、", "。", "」", "）", "ー", "ョ", "ッ", "…"}) CHECK(line.rfind(mark, 0) != 0);
            for (const char* mark : {"「", "（"}) {
                CHECK((line.size() < std::string(mark).size() || line.compare(line.size() - std::string(mark).size(), std::string::npos, mark) != 0));
            }
        }
    }
}

TEST_CASE("line breaks: an address, a number and a Latin word in Japanese stay whole") {
    CHECK(lines("参加先は192.168.1.20:50000です", 8) == Lines{"参加先は", "192.168.1.20:50000", "です"});
    CHECK(lines("アドレスfe80::1に接続", 6) == Lines{"アドレス", "fe80::1", "に接続"});
    CHECK(lines("往復時間は12,345回の平均3.5ミリ秒", 8) == Lines{"往復時間は", "12,345回の", "平均3.5ミリ秒"});
    CHECK(lines("文字はDejaVu Sans、日本語の文字はNoto", 10) == Lines{"文字はDejaVu", "Sans、日本語の文", "字はNoto"});
    CHECK(lines("残り25枚", 4) == Lines{"残り", "25枚"}); // a number keeps its counter
}

TEST_CASE("line breaks: English breaks at spaces only, as before; a word wider than the line is never cut") {
    CHECK(lines("the quick brown fox jumps over", 10) == Lines{"the quick", "brown fox", "jumps over"});
    CHECK(lines("join 192.168.1.20:50000 now", 10) == Lines{"join", "192.168.1.20:50000", "now"});
    CHECK(lines("supercalifragilistic word", 5) == Lines{"supercalifragilistic", "word"});
    CHECK(lines("fits on one line", 40) == Lines{"fits on one line"});
}

TEST_CASE("line breaks: a newline always breaks, an empty line stays, spaces at a break are dropped") {
    CHECK(lines("one\n\ntwo  three", 5) == Lines{"one", "", "two", "three"});
    CHECK(lines("", 5) == Lines{""});
    CHECK(lines("  indented text", 20) == Lines{"  indented text"});
}

TEST_CASE("line breaks: a long text is measured about once over, not once per line start") {
    std::string text;
    for (int i = 0; i < 200; ++i) text += "相手の番です。192.168.1.20:50000 に接続 ";
    std::size_t measured = 0; // bytes handed to the measure, all calls together
    const auto counting = [&measured](std::string_view piece) {
        measured += piece.size();
        return characters(piece);
    };
    const std::vector<std::string_view> broken = breakLines(text, 30, counting);
    CHECK(broken.size() > 100);
    CHECK(measured <= 3 * text.size()); // the whole text once, then each piece with and without its spaces
}
