// bench_util.hpp — shared by the C++ benchmark programs (no dependencies).
//
// Query file, latency statistics, peak RSS, index size, and the RESULT lines
// that run_all.sh collects. The protocol is the same for every engine:
//   * one pass over all queries in the heaviest mode (full) that writes the cross-check
//     records, untimed,
//   * then, per mode, one untimed warm-up pass over all queries (so that each mode's own
//     code paths are warm, and JIT-compiled for the JVM) and `rounds` timed passes
//     (one sample per query),
//   * p50/p95/p99 by nearest rank over all samples, q/s = samples / summed latency.
#pragma once

#include <algorithm>
#include <chrono>
#include <ctime>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <sys/resource.h>

namespace bench {

struct Query {
    std::string kind;          // word, and2, phrase, with "+filter" when filtered
    std::string text;          // bare words and "quoted phrases", all required
    std::string filter_field;  // "", "venue", "institution" or "year"
    std::string filter_value;
};

inline std::vector<Query> read_queries(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::vector<Query> out;
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        Query q;
        auto t1 = line.find('\t');
        auto t2 = t1 == std::string::npos ? std::string::npos : line.find('\t', t1 + 1);
        if (t1 == std::string::npos) throw std::runtime_error("bad query line: " + line);
        q.kind = line.substr(0, t1);
        q.text = line.substr(t1 + 1, t2 == std::string::npos ? std::string::npos : t2 - t1 - 1);
        if (t2 != std::string::npos) {
            std::string f = line.substr(t2 + 1);
            auto eq = f.find('=');
            if (eq != std::string::npos) {
                q.filter_field = f.substr(0, eq);
                q.filter_value = f.substr(eq + 1);
            }
        }
        out.push_back(std::move(q));
    }
    return out;
}

using Clock = std::chrono::steady_clock;
inline double ms_since(Clock::time_point t0) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
}

/// CPU time of the calling thread, ms: on a shared machine the wall-clock latency includes
/// waiting for a core, this does not.
inline double thread_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

/// CPU time of every thread of the process, ms (for a request that runs on
/// helper threads too).
inline double process_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

/// User + system CPU seconds of the whole process so far.
inline double process_cpu_s() {
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
           static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

struct Stats {
    double p50 = 0, p95 = 0, p99 = 0, mean = 0, qps = 0;
    std::size_t samples = 0;
};

inline Stats stats(std::vector<double> ms) {
    Stats s;
    if (ms.empty()) return s;
    std::sort(ms.begin(), ms.end());
    auto rank = [&](double p) {
        std::size_t k = static_cast<std::size_t>(p * static_cast<double>(ms.size()) + 0.999999);
        return ms[std::min(ms.size() - 1, k == 0 ? 0 : k - 1)];
    };
    double sum = 0;
    for (double x : ms) sum += x;
    s.p50 = rank(0.50);
    s.p95 = rank(0.95);
    s.p99 = rank(0.99);
    s.mean = sum / static_cast<double>(ms.size());
    s.qps = sum > 0 ? 1000.0 * static_cast<double>(ms.size()) / sum : 0;
    s.samples = ms.size();
    return s;
}

/// The process's peak resident set (VmHWM), in MB.
inline double peak_rss_mb() {
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmHWM:", 0) == 0) return std::stod(line.substr(6)) / 1024.0;
    return 0;
}

/// Bytes of all regular files under `path` (or of the file itself).
inline std::uintmax_t disk_bytes(const std::filesystem::path& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (fs::is_regular_file(path, ec)) return fs::file_size(path, ec);
    std::uintmax_t total = 0;
    for (auto it = fs::recursive_directory_iterator(path, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec))
        if (it->is_regular_file(ec)) total += it->file_size(ec);
    return total;
}

inline std::string json_escape(const std::string& s) {
    std::string out;
    out.reserve(s.size() + 2);
    for (unsigned char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    return out;
}

/// Builds the one-line JSON object of a RESULT line: add("key", value) in order.
class Result {
public:
    Result& add(const std::string& key, const std::string& value) {
        return raw(key, "\"" + json_escape(value) + "\"");
    }
    Result& add(const std::string& key, const char* value) { return add(key, std::string(value)); }
    Result& add(const std::string& key, double value) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.6g", value);
        return raw(key, buf);
    }
    Result& add(const std::string& key, std::uintmax_t value) { return raw(key, std::to_string(value)); }
    Result& add(const std::string& key, const Stats& s) {
        Result r;
        r.add("p50", s.p50).add("p95", s.p95).add("p99", s.p99).add("mean", s.mean).add("qps", s.qps)
            .add("samples", static_cast<std::uintmax_t>(s.samples));
        return raw(key, r.str());
    }
    Result& raw(const std::string& key, const std::string& json) {
        body_ += (body_.empty() ? "" : ",") + ("\"" + json_escape(key) + "\":") + json;
        return *this;
    }
    std::string str() const { return "{" + body_ + "}"; }
    void print() const {
        std::printf("RESULT %s\n", str().c_str());
        std::fflush(stdout);
    }

private:
    std::string body_;
};

/// What each engine writes per query (for cross-checking engines, not timed):
/// kind, query, filter, exact matches, top-10 ids, top-3 of each facet, first snippet.
struct QueryRecord {
    std::uintmax_t matches = 0;
    std::vector<std::string> ids;
    std::vector<std::pair<std::string, std::uintmax_t>> institution, venue, year;  // top values
    std::string snippet;
};

inline void write_record(std::ostream& out, const Query& q, const QueryRecord& r) {
    auto top3 = [](const std::vector<std::pair<std::string, std::uintmax_t>>& v) {
        std::string s;
        for (std::size_t i = 0; i < v.size() && i < 3; ++i)
            s += (i ? "; " : "") + v[i].first + "=" + std::to_string(v[i].second);
        return s;
    };
    std::string ids;
    for (std::size_t i = 0; i < r.ids.size(); ++i) ids += (i ? "," : "") + r.ids[i];
    std::string snip = r.snippet;
    for (char& c : snip)
        if (c == '\t' || c == '\n' || c == '\r') c = ' ';
    out << q.kind << '\t' << q.text << '\t'
        << (q.filter_field.empty() ? "" : q.filter_field + "=" + q.filter_value) << '\t' << r.matches << '\t'
        << ids << '\t' << top3(r.institution) << '\t' << top3(r.venue) << '\t' << top3(r.year) << '\t' << snip
        << '\n';
}

/// Top `k` (value, count) pairs, count descending then value ascending.
template <class Map>
std::vector<std::pair<std::string, std::uintmax_t>> top_k(const Map& counts, std::size_t k) {
    std::vector<std::pair<std::string, std::uintmax_t>> v(counts.begin(), counts.end());
    auto cmp = [](const auto& a, const auto& b) { return a.second != b.second ? a.second > b.second : a.first < b.first; };
    if (v.size() > k) {
        std::partial_sort(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k), v.end(), cmp);
        v.resize(k);
    } else {
        std::sort(v.begin(), v.end(), cmp);
    }
    return v;
}

}  // namespace bench
