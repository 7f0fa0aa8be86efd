// One person, one result across shards (docs/scale-out.md): files of one
// person on one shard collapse, locally and behind xapian-tcpsrv, and the total
// and the facet counts count the person once; files on different shards stay apart.
// Fictional people only.
#include <doctest/doctest.h>

#include "cvsearch/indexer.hpp"
#include "cvsearch/searcher.hpp"
#include "vocabulary/shards.hpp"
#include "tests/process_util.hpp"
#include "tests/searcher/fixtures.hpp"
#include "tests/shards/cluster.hpp"
#include "tests/test_util.hpp"

using namespace cvsearch;
using namespace cvsearch::testing;
namespace fs = std::filesystem;

namespace {

constexpr std::size_t shards = 3;

/// A file of "Ada Byron" with her e-mail and a paper, under `id`.
Profile ada_file(std::string id) {
    Profile p;
    p.id = std::move(id);
    p.name = "Ada Byron";
    p.emails = {"ada@analytical.example"};
    p.publications = {pub("Notes on the Analytical Engine and Its Programs", "ENGINES", 2021)};
    p.sections = {section("Research", "research", "Programs for the analytical engine.")};
    return p;
}

Profile someone(std::string id, std::string name) {
    Profile p;
    p.id = std::move(id);
    p.name = std::move(name);
    p.sections = {section("Research", "research", "The analytical engine, seen by " + p.id)};
    return p;
}

/// Ids "PREFIX-n": the first two that land on one shard, and one on another.
struct Placed {
    std::string a, b, elsewhere;
};
Placed place(const std::string& prefix) {
    Placed out;
    for (int n = 0; out.elsewhere.empty() || out.b.empty(); ++n) {
        std::string id = prefix + "-" + std::to_string(n);
        if (out.a.empty()) out.a = id;
        else if (indexing::shard_of(id, shards) == indexing::shard_of(out.a, shards)) { if (out.b.empty()) out.b = id; }
        else if (out.elsewhere.empty()) out.elsewhere = id;
    }
    return out;
}

}  // namespace

TEST_CASE("files of one person on one shard are one hit and count once, local and remote") {
    TempDir dir;
    const Placed ada = place("ada/file");
    const Placed grace = place("grace/file");
    for (const auto& p : {ada_file(ada.a), ada_file(ada.b), someone("x/charles", "Charles Babbage")})
        write_file(dir / ("cvs/" + p.id + ".json"), to_json(p));
    // Grace's two files share an e-mail too, but on different shards.
    for (const auto& id : {grace.a, grace.elsewhere}) {
        Profile g = ada_file(id);
        g.name = "Grace Hopper";
        g.emails = {"grace@navy.example"};
        write_file(dir / ("cvs/" + id + ".json"), to_json(g));
    }
    SyncOptions o;
    o.roots = {dir / "cvs"};
    o.db = dir / "sharded";
    o.shards = shards;
    REQUIRE(index_directory(o).failed.empty());

    SearchRequest req;
    req.query = "analytical engine";
    auto check = [&](const Searcher& s) {
        const auto res = s.search(req);
        CHECK(res.total == 4);  // Ada once, Charles, Grace's two files apart
        std::size_t adas = 0;
        for (const auto& h : res.hits) {
            if (h.name != "Ada Byron") {
                CHECK(h.also.empty());
                continue;
            }
            ++adas;
            CHECK(h.also == std::vector<std::string>{h.id == ada.a ? ada.b : ada.a});
        }
        CHECK(adas == 1);
        CHECK(s.same_person(ada.a) == std::vector<std::string>{ada.b});
        // Facets count persons too: Ada's two files hold the venue and the
        // year once between them; Grace's files on two shards are two persons.
        CHECK(count_of(res, Facet::venue, "ENGINES") == 3);
        CHECK(count_of(res, Facet::year, "2021") == 3);
        SearchRequest filtered = req;  // a facet with a filter of its own is counted without it
        filtered.filters[Facet::venue] = {"ENGINES"};
        const auto narrowed = s.search(filtered);
        CHECK(narrowed.total == 3);
        CHECK(count_of(narrowed, Facet::venue, "ENGINES") == 3);
        CHECK(count_of(narrowed, Facet::year, "2021") == 3);
        const auto stats = s.stats();
        CHECK(stats.profiles == 5);
        CHECK(stats.persons == 4);
        std::size_t in_2021 = 0;
        for (const auto& v : stats.facets.at(Facet::year))
            if (v.value == "2021") in_2021 = v.count;
        CHECK(in_2021 == 3);
    };
    check(Searcher(o.db));

    const std::string server = find_program("xapian-tcpsrv");
    if (server.empty()) {
        MESSAGE("xapian-tcpsrv is not installed (apt-get install xapian-tools): remote shards skipped");
        return;
    }
    auto layout = indexing::shard_layout(o.db);
    REQUIRE(layout);
    std::vector<std::unique_ptr<TcpServer>> servers;
    std::string stub = "# cvsearch-aux " + layout->aux.string() + "\n";
    for (const auto& d : layout->shards) {
        servers.push_back(std::make_unique<TcpServer>(server, d));
        stub += servers.back()->stub_line() + "\n";
    }
    write_file(dir / "cluster.stub", stub);
    check(Searcher(dir / "cluster.stub"));
}
