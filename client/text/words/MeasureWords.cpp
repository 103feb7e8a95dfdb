#include "text/words/Parts.hpp"

namespace speed::client {
namespace {

// The network measurement dialog. Technical terms (RTT, p50, p99, jitter, µs, ms, Mbit/s, ns/B)
// read the same in Japanese.
const Words kMeasureWords[] = {
    // The running match's own clock estimate, from its answers' stamps.
    {"measure.link_clock.none", "this match's link: no answered request yet to compare clocks with",
     "この対戦の通信：時計を比べる応答がまだありません"},
    {"measure.link_clock.line",
     "this match's link: the other side's clock is {:+.3f} ms from this one's, ± {:.3f} ms (round trip {:.3f} ms, best of {} answers)",
     "この対戦の通信：相手の時計はこちらより {:+.3f} ms、誤差 ± {:.3f} ms（往復 {:.3f} ms、応答 {} 件の最良）"},
    {"measure.title", "Network measurement", "ネットワーク測定"},

    // The form: target, mode, sizes, count and interval, or a stream's rate, duration and size.
    {"measure.target.field", "target (host:port)", "宛先（ホスト:ポート）"},
    {"measure.target.match", "target: {} (the match's host)", "宛先：{}（対戦のホスト）"},
    {"measure.mode.pow2", "pow2: 1, 2, 4 .. 2^x bytes", "pow2：1, 2, 4 .. 2^x バイト"},
    {"measure.mode.fixed", "fixed size", "固定サイズ"},
    {"measure.mode.stream", "stream (like iperf3 -u)", "ストリーム（iperf3 -u 相当）"},
    {"measure.stream.seconds", "seconds", "秒"},
    {"measure.stream.bytes", "bytes", "バイト"},
    {"measure.stream.both_ways", "both ways", "双方向"},
    {"measure.probe.max_exponent", "max exponent x", "最大指数 x"},
    {"measure.probe.size", "size (bytes)", "サイズ（バイト）"},
    {"measure.probe.sets", "sets", "セット数"},
    {"measure.probe.probes", "probes", "プローブ数"},
    {"measure.probe.interval", "interval (ms)", "間隔（ms）"},
    {"measure.button.start", "Start", "開始"},
    {"measure.form.note",
     "{} warm-up probes first, not counted; an answer after {} ms is late, none by the end of the run lost; with an "
     "interval, probes leave on a fixed schedule",
     "最初の {} 個はウォームアップ（集計外）。{} ms を過ぎた応答は遅延、最後まで戻らないものは損失。間隔を指定すると決まった時刻に送信"},

    // What is wrong with the form (the English is speed-measure's, which names its options).
    {"measure.problem.max_exponent", "--max-exp must be 0..15 (2^15 = 32768 bytes; a UDP datagram holds at most 65,507)",
     "最大指数 x は 0..15 にしてください（2^15 = 32768 バイト。UDP データグラムは最大 65,507 バイト）"},
    {"measure.problem.size", "--size must be 1..65507 bytes (the largest UDP payload over IPv4)",
     "サイズは 1..65507 バイトにしてください（IPv4 での UDP ペイロードの最大）"},
    {"measure.problem.sets", "--count must be 1..1000000", "セット数は 1..1000000 にしてください"},
    {"measure.problem.probes", "--count must be 1..1000000", "プローブ数は 1..1000000 にしてください"},
    {"measure.problem.warmup", "--warmup must be 0..100000", "ウォームアップのプローブ数は 0..100000 にしてください"},
    {"measure.problem.interval", "--interval must be 0..60000 ms", "間隔は 0..60000 ms にしてください"},
    {"measure.problem.negative_interval", "the interval cannot be negative", "間隔に負の値は使えません"},
    {"measure.problem.timeout", "--timeout must be 1..60000 ms", "タイムアウトは 1..60000 ms にしてください"},
    {"measure.problem.rate", "--rate must be 0.01..100000 Mbit/s", "Mbit/s は 0.01..100000 にしてください"},
    {"measure.problem.duration", "--duration must be more than 0 and at most 86400 seconds (a day)",
     "秒数は 0 より大きく 86400（1 日）以下にしてください"},
    {"measure.problem.stream_size",
     "--size must be {}..65507 bytes in stream mode (a stream datagram's header, sequence number and send time take {})",
     "ストリームのバイト数は {}..65507 にしてください（ストリームのデータグラムはヘッダー、シーケンス番号、送信時刻で {} "
     "バイトを使います）"},
    {"measure.problem.datagrams",
     "--rate x --duration / --size asks for {:.0f} datagrams; at most {}, the stream's 32-bit sequence numbers (use "
     "larger datagrams or a shorter run)",
     "この設定ではデータグラムが {:.0f} 個になります。上限は {} 個です（ストリームの通し番号は 32 ビット）。"
     "データグラムを大きくするか、秒数を短くしてください"},

    // While a run goes.
    {"measure.progress.stream", "{:.0f}% of the stream sent", "ストリームの {:.0f}% を送信済み"},
    {"measure.progress.probes", "{} / {} probes", "プローブ {} / {}"},
    {"measure.progress.target", "measuring {} ...", "{} を測定中 ..."},

    // The outcome of a run: its status, or why it failed.
    {"measure.results.idle",
     "Start sends probes to the host and times their echoes. The host answers probes from any address, so this works "
     "during a match too.",
     "「開始」でホストにプローブを送り、エコーが返るまでの時間を測ります。ホストはどのアドレスからのプローブにも答えるので、"
     "対戦中にも測定できます。"},
    {"measure.results.status", "{}: {}", "{}：{}"},
    {"measure.status.idle", "idle", "未実行"},
    {"measure.status.running", "running", "測定中"},
    {"measure.status.finished", "finished", "完了"},
    {"measure.status.cancelled", "cancelled", "中止"},
    {"measure.status.failed", "failed", "失敗"},
    {"measure.failure.target", "{}", "宛先を使えません：{}"},
    {"measure.failure.cannot_resolve", "cannot resolve host \"{0}\": {1}", "ホスト「{0}」のアドレスが分かりません：{1}"},
    {"measure.failure.socket", "cannot open a UDP socket: {}", "UDP ソケットを開けません：{}"},
    {"measure.failure.refused", "nothing listens on that port (the machine refused)",
     "そのポートで待ち受けているものがありません（宛先のマシンが拒否しました）"},
    {"measure.failure.no_stream_start", "no answer to the stream's opening request",
     "ストリームの開始要求に応答がありません"},
    {"measure.failure.no_echo", "no echo within the timeout: is a speed host or a UDP echo service running there?",
     "タイムアウトまでにエコーが返りません：宛先でスピードのホストか UDP エコーサービスが動いていますか？"},
    {"measure.failure.unauthenticated",
     "answers came, but none signed with setup.ini's password: does the far side have the same password?",
     "応答はありましたが、設定のパスワードで署名されたものがありません：相手側も同じパスワードですか？"},
    {"measure.authenticated", "answers authenticated with setup.ini's password ({} without a valid tag not counted)",
     "設定のパスワードで応答を認証しました（正しい署名のない {} 件は数えていません）"},
    {"measure.failure.error", "{}", "測定できませんでした：{}"},

    // Probes: the table per size, the fitted line and the one-way delays.
    {"measure.table.size", "size", "サイズ"},
    {"measure.table.sent", "sent", "送信"},
    {"measure.table.lost", "lost", "損失"},
    {"measure.table.min", "min", "最小"},
    {"measure.table.mean", "mean", "平均"},
    {"measure.table.max", "max", "最大"},
    {"measure.table.jitter", "jitter", "ジッター"},
    {"measure.table.caption", "times in µs; jitter RFC 3550 smoothed; Mbit/s: bits echoed per µs of RTT",
     "時間の単位は µs。ジッターは RFC 3550 の平滑化値。Mbit/s：RTT 1 µs あたりにエコーされたビット数"},
    {"measure.fit.line", "fit: RTT p50 = {:.2f} µs + {:.4f} ns/B x bytes (R² {:.4f}, {} sizes)",
     "近似直線：RTT p50 = {:.2f} µs + {:.4f} ns/B x バイト数（R² {:.4f}、{} サイズ）"},
    {"measure.one_way.none",
     "one-way delay: the far side did not stamp its echoes (a plain echo, an older host, or probes too small)",
     "片道遅延：宛先側がエコーに時刻を記録しませんでした（単純なエコー、古いホスト、またはプローブが小さすぎます）"},
    {"measure.one_way.same_clock",
     "one-way delay (one clock, exact): up p50 {:.1f} µs, down p50 {:.1f} µs; the far side held each probe p50 {:.1f} µs",
     "片道遅延（同じ時計、正確）：上り p50 {:.1f} µs、下り p50 {:.1f} µs。宛先側でのプローブ保持時間 p50 {:.1f} µs"},
    {"measure.one_way.two_clocks",
     "one-way delay: up p50 {:.1f} ± {:.1f} µs, down p50 {:.1f} ± {:.1f} µs (far clock {:+.1f} µs from this one); held "
     "p50 {:.1f} µs",
     "片道遅延：上り p50 {:.1f} ± {:.1f} µs、下り p50 {:.1f} ± {:.1f} µs（宛先側の時計はこちらと {:+.1f} µs ずれています）。保持時間 "
     "p50 {:.1f} µs"},

    // Probes: late answers, each direction, the round trips' histogram.
    {"measure.late.line", "late: {} answers came after the {} ms timeout (counted as received, not lost)",
     "遅延：{} 件の応答がタイムアウト（{} ms）の後に届きました（損失ではなく受信として数えます）"},
    {"measure.direction.column.ipdv_p50", "IPDV p50 µs", "IPDV p50 µs"},
    {"measure.direction.column.ipdv_p99", "IPDV p99 µs", "IPDV p99 µs"},
    {"measure.direction.not_counted",
     "loss, duplicates and reordering per direction need a speed-measure --serve on the far side",
     "方向ごとの損失・重複・順序入れ替わりには、宛先側に speed-measure --serve が必要です"},
    {"measure.direction.no_report", "the far side's counts of the run did not arrive: loss per direction unknown",
     "宛先側の集計が届きませんでした：方向ごとの損失は不明です"},
    {"measure.histogram.line", "round trips ({} answers): p50 {:.1f} µs, p90 {:.1f} µs, p99 {:.1f} µs, p99.9 {:.1f} µs, max {:.1f} µs",
     "往復時間（応答 {} 件）：p50 {:.1f} µs、p90 {:.1f} µs、p99 {:.1f} µs、p99.9 {:.1f} µs、最大 {:.1f} µs"},
    {"measure.histogram.title", "answers per range of RTT (µs; each bar twice the one before)",
     "RTT の範囲ごとの応答数（µs、棒ごとに範囲が 2 倍）"},
    {"measure.tab.per_size", "RTT per size", "サイズ別 RTT"},
    {"measure.tab.histogram", "RTT histogram", "RTT ヒストグラム"},
    {"measure.tab.over_time", "over time", "時間の推移"},
    {"measure.timeline.title", "µs, log (largest per stretch; lost: marks at the foot, coloured by way, grey unknown)", "µs、対数（区間ごとの最大値、損失は下端の印：上り・下りの色、灰色は方向不明）"},
    {"measure.timeline.rtt", "RTT", "RTT"},
    {"measure.timeline.up", "up", "上り"},
    {"measure.timeline.down", "down", "下り"},

    // A stream: how it was counted, the table per direction, the round trips.
    {"measure.stream.counted_far", "counted by the far side (one way)", "宛先側で集計（片道）"},
    {"measure.stream.counted_here",
     "echoed back and counted here: loss, reordering and jitter are of the way there and back together",
     "エコーで戻してこちらで集計：損失、順序入れ替わり、ジッターは往復を合わせた値です"},
    {"measure.stream.sent", "sent {0:.2f} Mbit/s over {1:.3f} s", "{1:.3f} 秒間に {0:.2f} Mbit/s で送信"},
    {"measure.stream.sent_cancelled", "sent {0:.2f} Mbit/s over {1:.3f} s (cancelled)",
     "{1:.3f} 秒間に {0:.2f} Mbit/s で送信（中止）"},
    {"measure.stream.column.sent", "sent", "送信"},
    {"measure.stream.column.late", "late", "送信遅れ"},
    {"measure.stream.column.received", "received", "受信"},
    {"measure.stream.column.lost", "lost", "損失"},
    {"measure.stream.column.loss", "loss %", "損失 %"},
    {"measure.stream.column.duplicates", "dup", "重複"},
    {"measure.stream.column.reordered", "reordered", "順序入れ替わり"},
    {"measure.stream.column.goodput", "goodput Mbit/s", "グッドプット Mbit/s"},
    {"measure.stream.column.jitter", "jitter µs", "ジッター µs"},
    {"measure.stream.row.round_trip", "round trip", "往復"},
    {"measure.stream.row.up", "up", "上り"},
    {"measure.stream.row.down", "down", "下り"},
    {"measure.stream.rtt", "round trip: p50 {:.1f} µs, p99 {:.1f} µs, max {:.1f} µs",
     "往復：p50 {:.1f} µs、p99 {:.1f} µs、最大 {:.1f} µs"},
    {"measure.stream.no_report", "the far side's counts did not arrive", "宛先側の集計が届きませんでした"},

    // Export.
    {"measure.export.folder", "export folder", "書き出し先フォルダー"},
    {"measure.export.csv", "Export CSV", "CSV を書き出す"},
    {"measure.export.json", "Export JSON", "JSON を書き出す"},
    {"measure.export.wrote", "wrote {}", "{} に書き出しました"},
    {"measure.export.cannot_write", "cannot write {}", "{} に書き込めません"},
    {"measure.export.folder_problem", "{}", "書き出し先フォルダーを作れません：{}"},

    // The RTT plot.
    {"measure.plot.title", "RTT (µs, log)", "RTT（µs、対数）"},
    {"measure.plot.median", "median", "中央値"},
    {"measure.plot.mean", "mean", "平均"},
    {"measure.plot.min_p99", "min..p99", "最小..p99"},
    {"measure.plot.max", "..max", "..最大"},
    {"measure.plot.lost", "lost", "損失"},
    {"measure.plot.fit", "fit {:.1f} µs + {:.3f} ns/B", "近似 {:.1f} µs + {:.3f} ns/B"},
    {"measure.plot.caption", "probe size (bytes)", "プローブサイズ（バイト）"},
};

} // namespace

std::span<const Words> measureWords() { return kMeasureWords; }

} // namespace speed::client
