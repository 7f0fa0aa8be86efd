// xapian_peer — the raw Xapian 1.4 peer: what a plain Xapian application does with the corpus.
//
//   xapian_peer index CORPUS.jsonl DB
//   xapian_peer query DB QUERIES [--rounds 3] [--snippet-flags N] [--records FILE] [--label NAME]
//
// Index: TermGenerator (Snowball english, STEM_SOME, positions) over the profile text;
// boolean filter terms XI/XV/XY + value (institution, venue, year); slots 0/1/2 hold the
// profile's institutions / venues / years joined by \x1f (facets), slot 3 the id, the
// document data the text (for snippets). Default flush threshold, one final commit.
//
// Query: QueryParser (default op AND, stemmer, STEM_SOME), OP_FILTER with the boolean term.
//   plain  = get_mset(0, 10) and the 10 ids
//   facets = plain with check_at_least = doccount and a MatchSpy that counts every value of
//            the three slots (ValueCountMatchSpy counts one value per slot and document, and
//            these facets are multi-valued, so it would not be exact)
//   full   = facets + MSet::snippet(text, 200) for each of the 10 hits (default flags unless
//            --snippet-flags)
#include <xapian.h>

#include <nlohmann/json.hpp>

#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <unordered_map>
#include <vector>

#include "../bench_util.hpp"

namespace {

constexpr char kSep = '\x1f';
enum Slot : Xapian::valueno { kInst = 0, kVenue = 1, kYear = 2, kId = 3 };

std::string join(const nlohmann::json& arr) {
    std::string out;
    for (const auto& v : arr) {
        if (!out.empty()) out += kSep;
        out += v.is_string() ? v.get<std::string>() : std::to_string(v.get<long long>());
    }
    return out;
}

int cmd_index(const std::string& corpus, const std::string& dbpath) {
    auto t0 = bench::Clock::now();
    std::ifstream in(corpus);
    if (!in) {
        std::cerr << "cannot read " << corpus << "\n";
        return 2;
    }
    Xapian::WritableDatabase db(dbpath, Xapian::DB_CREATE_OR_OVERWRITE);
    Xapian::TermGenerator tg;
    tg.set_stemmer(Xapian::Stem("english"));
    tg.set_stemming_strategy(Xapian::TermGenerator::STEM_SOME);
    std::string line;
    std::uintmax_t n = 0, text_bytes = 0;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        auto j = nlohmann::json::parse(line);
        const std::string& text = j["text"].get_ref<const std::string&>();
        Xapian::Document doc;
        tg.set_document(doc);
        tg.index_text(text);
        const std::string id = j["id"].get<std::string>();
        doc.add_boolean_term("Q" + id);
        for (const auto& v : j["institutions"]) doc.add_boolean_term("XI" + v.get<std::string>());
        for (const auto& v : j["venues"]) doc.add_boolean_term("XV" + v.get<std::string>());
        for (const auto& v : j["years"]) doc.add_boolean_term("XY" + std::to_string(v.get<int>()));
        doc.add_value(kInst, join(j["institutions"]));
        doc.add_value(kVenue, join(j["venues"]));
        doc.add_value(kYear, join(j["years"]));
        doc.add_value(kId, id);
        doc.set_data(text);
        db.add_document(doc);
        ++n;
        text_bytes += text.size();
    }
    db.commit();
    db.close();
    double s = bench::ms_since(t0) / 1000.0;
    bench::Result()
        .add("engine", "xapian")
        .add("phase", "index")
        .add("version", Xapian::version_string())
        .add("docs", n)
        .add("text_bytes", text_bytes)
        .add("seconds", s)
        .add("docs_per_s", static_cast<double>(n) / s)
        .add("cpu_s", bench::process_cpu_s())
        .add("index_bytes", bench::disk_bytes(dbpath))
        .add("peak_rss_mb", bench::peak_rss_mb())
        .print();
    return 0;
}

class FacetSpy : public Xapian::MatchSpy {
public:
    std::unordered_map<std::string, std::uintmax_t> counts[3];
    void operator()(const Xapian::Document& doc, double) override {
        for (int slot = 0; slot < 3; ++slot) {
            const std::string v = doc.get_value(static_cast<Xapian::valueno>(slot));
            std::size_t start = 0;
            while (start < v.size()) {
                std::size_t end = v.find(kSep, start);
                if (end == std::string::npos) end = v.size();
                ++counts[slot][v.substr(start, end - start)];
                start = end + 1;
            }
        }
    }
};

enum class Mode { plain, facets, full };

struct Searcher {
    Xapian::Database db;
    Xapian::Stem stem{"english"};
    Xapian::QueryParser qp;
    unsigned snippet_flags = Xapian::MSet::SNIPPET_BACKGROUND_MODEL | Xapian::MSet::SNIPPET_EXHAUSTIVE;

    explicit Searcher(const std::string& path) : db(path) {
        qp.set_stemmer(stem);
        qp.set_stemming_strategy(Xapian::QueryParser::STEM_SOME);
        qp.set_default_op(Xapian::Query::OP_AND);
        qp.set_database(db);
    }

    void run(const bench::Query& q, Mode mode, bench::QueryRecord* rec) {
        Xapian::Query query = qp.parse_query(q.text, Xapian::QueryParser::FLAG_DEFAULT);
        if (!q.filter_field.empty()) {
            std::string prefix = q.filter_field == "venue" ? "XV" : q.filter_field == "institution" ? "XI" : "XY";
            query = Xapian::Query(Xapian::Query::OP_FILTER, query, Xapian::Query(prefix + q.filter_value));
        }
        Xapian::Enquire enq(db);
        enq.set_query(query);
        FacetSpy spy;
        if (mode != Mode::plain) enq.add_matchspy(&spy);
        Xapian::MSet mset = mode == Mode::plain ? enq.get_mset(0, 10) : enq.get_mset(0, 10, db.get_doccount());
        std::vector<std::string> ids;
        std::string first_snippet;
        for (auto it = mset.begin(); it != mset.end(); ++it) {
            Xapian::Document doc = it.get_document();
            ids.push_back(doc.get_value(kId));
            if (mode == Mode::full) {
                std::string s = mset.snippet(doc.get_data(), 200, stem, snippet_flags);
                if (first_snippet.empty()) first_snippet = s;
            }
        }
        std::vector<std::pair<std::string, std::uintmax_t>> top[3];
        if (mode != Mode::plain)
            for (int k = 0; k < 3; ++k) top[k] = bench::top_k(spy.counts[k], 10);
        if (rec) {
            rec->matches = mset.get_matches_estimated();
            rec->ids = ids;
            rec->institution = top[0];
            rec->venue = top[1];
            rec->year = top[2];
            rec->snippet = first_snippet;
        }
    }
};

int cmd_query(int argc, char** argv) {
    std::string dbpath = argv[2], qpath = argv[3], records, label = "xapian";
    int rounds = 3;
    Searcher s(dbpath);
    for (int i = 4; i + 1 < argc; i += 2) {
        std::string opt = argv[i];
        if (opt == "--rounds") rounds = std::stoi(argv[i + 1]);
        else if (opt == "--snippet-flags") s.snippet_flags = static_cast<unsigned>(std::stoul(argv[i + 1]));
        else if (opt == "--records") records = argv[i + 1];
        else if (opt == "--label") label = argv[i + 1];
        else {
            std::cerr << "unknown option " << opt << "\n";
            return 2;
        }
    }
    auto queries = bench::read_queries(qpath);
    std::ofstream rec_out;
    if (!records.empty()) rec_out.open(records);
    std::uintmax_t total = 0;
    for (const auto& q : queries) {  // warm-up, full mode; also the cross-check records
        bench::QueryRecord r;
        s.run(q, Mode::full, &r);
        total += r.matches;
        if (rec_out) bench::write_record(rec_out, q, r);
    }
    bench::Result res;
    res.add("engine", label).add("phase", "query").add("queries", static_cast<std::uintmax_t>(queries.size()))
        .add("rounds", static_cast<std::uintmax_t>(rounds)).add("total_matches", total);
    const std::pair<const char*, Mode> modes[] = {{"plain", Mode::plain}, {"facets", Mode::facets}, {"full", Mode::full}};
    for (auto [name, mode] : modes) {
        std::vector<double> ms, cpu;
        for (int r = -1; r < rounds; ++r)  // round -1: warm-up, untimed
            for (const auto& q : queries) {
                double c0 = bench::thread_cpu_ms();
                auto t0 = bench::Clock::now();
                s.run(q, mode, nullptr);
                if (r >= 0) {
                    ms.push_back(bench::ms_since(t0));
                    cpu.push_back(bench::thread_cpu_ms() - c0);
                }
            }
        res.add(name, bench::stats(ms)).add(std::string(name) + "_cpu", bench::stats(cpu));
    }
    res.add("peak_rss_mb", bench::peak_rss_mb()).add("index_bytes", bench::disk_bytes(dbpath)).print();
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        if (argc >= 4 && std::strcmp(argv[1], "index") == 0) return cmd_index(argv[2], argv[3]);
        if (argc >= 4 && std::strcmp(argv[1], "query") == 0) return cmd_query(argc, argv);
    } catch (const Xapian::Error& e) {
        std::cerr << "xapian_peer: " << e.get_description() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "xapian_peer: " << e.what() << "\n";
        return 2;
    }
    std::cerr << "usage: xapian_peer index CORPUS.jsonl DB\n"
                 "       xapian_peer query DB QUERIES [--rounds 3] [--snippet-flags N] [--records FILE] [--label NAME]\n";
    return 2;
}
