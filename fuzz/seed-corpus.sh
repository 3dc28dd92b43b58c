#!/bin/sh
# Writes the seed corpus of the fuzz targets (fuzz/corpus/TARGET/) from shipped definitions,
# exported rule sets, FENs, move lists, protocol transcripts and the cases of issue 27. Run from
# the repository's root after `cargo build --release`; the files are committed, so this is only
# needed to rebuild them.
set -eu
V=${VARIA_BIN:-target/release/varia}
C=fuzz/corpus
rm -rf "$C"
mkdir -p $C/definition $C/ruleset_json $C/ruleset_ron $C/fen $C/moves $C/uci $C/xboard $C/http

# definition: small shipped definitions of several mechanisms, the refused examples, issue cases
for d in classic/chess classic/crazyhouse classic/minishogi classic/xiangqi fsf/placement \
         fsf/flipello fsf/atomic fsf/joust fsf/3check fsf/clobber fsf/janggi fsf/horde \
         fsf/fischerandom fsf/racingkings fsf/ataxx 4-faces symgi; do
  cp definitions/$d.varia $C/definition/$(echo $d | tr / -).varia
done
for b in tests/bad/*.varia; do cp "$b" $C/definition/bad-$(basename "$b"); done
printf 'game g\nboard 8 x 8\nboard 8 x 8\n' > $C/definition/issue-duplicate-board.varia
sed 's/^board .*/&\nzone z = files h-a/' definitions/classic/chess.varia > $C/definition/issue-zone-files-reversed.varia

# ruleset_json / ruleset_ron: exported rule sets
for d in classic/chess classic/crazyhouse classic/minishogi fsf/placement fsf/flipello \
         fsf/atomic fsf/joust fsf/3check fsf/clobber 4-faces; do
  n=$(echo $d | tr / -)
  $V export definitions/$d.varia --format json > $C/ruleset_json/$n.json
done
for d in classic/chess classic/minishogi fsf/placement fsf/flipello; do
  n=$(echo $d | tr / -)
  $V export definitions/$d.varia --format ron > $C/ruleset_ron/$n.ron
done

# fen: the first byte picks the game (fuzz/targets.rs GAMES, '0' + index)
f() { printf '%s%s' "$2" "$3" > $C/fen/$1; }
f chess-start 0 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
f chess-ep 0 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3'
f chess-mate 0 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3'
f chess-promo 0 '4k3/P7/8/8/8/8/8/4K3 w - - 0 1'
f crazyhouse-hand 1 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3'
f crazyhouse-promoted 1 '4k3/8/8/8/8/8/8/Q~3K3[NNbb] b - - 0 40'
f shogi-start 2 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1'
f shogi-hand 2 'lnsgk2nl/1r4gs1/p1pppp1pp/6p2/1p7/2P6/PPSPPPPPP/7R1/LN1GKGSNL[Bb] w 0 10'
f xiangqi-start 3 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'
f placement-issue27 4 'r3k3/8/8/8/8/8/8/8[Kk] w - - 0 1'
f placement-start 4 '8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1'
f flipello-start 5 '8/8/8/3pP3/3Pp3/8/8/8[PPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPPpppppppppppppppppppppppppppppppp] w 0 1'
f atomic-start 6 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
f janggi-start 7 'rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1'
f joust-walls 8 '8/8/8/3*4/4N3/8/8/n7 w - - 0 3'
f grand-start 9 'r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1'
f 3check-checks : 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 3+3 0 2'
f bad-ranks 0 '8/8/8 w - - 0 1'
f bad-chars 0 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
f bad-hand 1 '4k3/8/8/8/8/8/8/4K3[+a] w - - 0 1'

# moves: the first byte picks the game; a first line with a `/` is a FEN
m() { printf '%s%s' "$2" "$3" > $C/moves/$1; }
m chess-opening 0 'e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5a4 g8f6 e1g1 f8e7'
m chess-fools-mate 0 'f2f3 e7e5 g2g4 d8h4 e1f2'
m chess-walk 0 '#3 #7 #1 #12 #5 #9 #2 #4 #8 #16 #0 #11 #6 #3 #14 #5 #7 #2 #9 #1'
m chess-bad-strings 0 'e2e5 z9z9 e7e8q P@e4 a1a8 e2e4 hello e7e5'
m crazyhouse-drops 1 'e2e4 d7d5 e4d5 d8d5 P@e4 d5a5 #3 #9 #1 #4 #2'
m shogi-walk 2 '#1 #5 #2 #9 #3 #7 #11 #4 #6 #8 #10 #12 #0'
m xiangqi-walk 3 'h2e2 h9g7 #4 #8 #2 #6 #1 #3'
printf '4%s\n%s' 'r3k3/8/8/8/8/8/8/8[Kk] w - - 0 1' 'K@a1 k@e8' > $C/moves/placement-issue27
m flipello-walk 5 '#0 #1 #2 #3 #4 #5 #6 #7 #8 #9 #10 #11 #12'
m atomic-walk 6 'e2e4 d7d5 e4d5 #2 #5 #1 #7'
m janggi-walk 7 '#2 #4 #6 #8 #1 #3 #5'
m joust-walk 8 '#1 #2 #3 #4 #5 #6 #7 #8 #9 #10'
m grand-walk 9 '#5 #1 #9 #3 #7'
m 4faces-walk ';' '#1 #2 #3 #4 #5 #6 #7 #8 #9 #10 #11 #12'

# uci / xboard: sessions from tests/protocols.rs and issue 27
u() { printf '%s\n' "$@" > $C/uci/$N; }
N=basic u uci isready ucinewgame 'position startpos moves e2e4 e7e5' 'go depth 2' quit
N=variants u uci 'setoption name UCI_Variant value crazyhouse' 'position startpos moves e2e4 d7d5 e4d5' 'go nodes 500' 'setoption name UCI_Variant value nonsense' 'setoption name UCI_Variant value xiangqi' 'position startpos' 'go depth 1'
N=fen-mate u uci 'position fen rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3' 'go depth 1' 'position fen 8/8/8 w - - 0 1' 'go depth 1'
N=bad u uci frobnicate 'go depth x' 'position startpos moves e2e5' 'go wtime 9223372036854775807 btime -5 winc 9223372036854775807 depth 1' 'go infinite' stop
N=hash u uci 'setoption name Hash value 1' 'setoption name Hash value 0' 'setoption name Hash value -3' 'go depth 1'
N=minishogi u uci 'setoption name UCI_Variant value minishogi' 'position startpos moves' 'go nodes 300' isready
N=symgi u uci 'setoption name UCI_Variant value symgi' 'position startpos' 'go movetime 20' 'go ponder' ponderhit stop

x() { printf '%s\n' "$@" > $C/xboard/$N; }
N=basic x xboard 'protover 2' new 'usermove e2e4' go 'ping 1' quit
N=force x xboard 'protover 2' new force 'usermove e2e4' 'usermove e7e5' undo remove 'ping 2' 'setboard 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1' go
N=bad x xboard 'protover 2' 'usermove z9z9' 'usermove hello' 'setboard this is not a position' 'variant nonsense' frobnicate 'sd x' 'level 40 5 0' 'time -5' 'ping 5'
N=variants x xboard 'protover 2' 'variant crazyhouse' new 'usermove e2e4' go 'variant xiangqi' new force 'usermove h2e2' 'ping 9'
N=analyze x xboard 'protover 2' new analyze 'usermove e2e4' exit 'post' 'st 1' go result
N=symgi x xboard 'protover 2' 'variant symgi' new 'sd 1' go 'memory 1' playother 'usermove b2g7=' '?'

# http: the first line is METHOD PATH, the rest the body
h() { printf '%s\n%s' "$2" "$3" > $C/http/$1; }
h info 'GET /api/info' ''
h definitions 'GET /api/definitions' ''
h index 'GET /' ''
h rules 'GET /api/rules?file=classic/chess.varia' ''
h rules-variant 'GET /api/rules?file=4-faces.varia&variant=nope' ''
h rules-escape 'GET /api/rules?file=classic/../../README.md' ''
h rules-percent 'GET /api/rules?file=%ff' ''
h version 'GET /api/version?file=classic/xiangqi.varia' ''
h diagram 'GET /api/diagram?file=classic/chess.varia&piece=N&cell=d4' ''
h diagram-player 'GET /api/diagram?file=classic/chess.varia&piece=N&player=7' ''
h diagram-xiangqi 'GET /api/diagram?file=classic/xiangqi.varia&piece=C&cell=e5' ''
h position 'POST /api/position' '{"file":"classic/chess.varia","fen":"4k3/P7/8/8/8/8/8/4K3 w - - 0 1"}'
h position-keep 'POST /api/position' '{"file":"classic/chess.varia","moves":["e2e4","e7e6","zz"],"keep_valid":true}'
h position-hand 'POST /api/position' '{"file":"classic/crazyhouse.varia","fen":"4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"}'
h position-bad 'POST /api/position' '{"file":"classic/chess.varia","fen":"8/8 w"}'
h position-unknown 'POST /api/position' '{"file":"classic/chess.varia","unknown":1}'
h moves 'POST /api/moves' '{"file":"classic/chess.varia"}'
h play 'POST /api/play' '{"file":"classic/chess.varia","fen":"4k3/P7/8/8/8/8/8/4K3 w - - 0 1","move":"a7a8n"}'
h play-mate 'POST /api/play' '{"file":"classic/chess.varia","moves":["f2f3","e7e5","g2g4"],"move":"d8h4"}'
h takeback 'POST /api/takeback' '{"file":"classic/chess.varia","moves":["e2e4"]}'
h engine 'POST /api/engine' '{"file":"classic/chess.varia","moves":["e2e4"],"depth":2}'
h engine-placement 'POST /api/engine' '{"file":"fsf/placement.varia","fen":"r3k3/8/8/8/8/8/8/8[Kk] w - - 0 1","movetime":10}'
h engine-4faces 'POST /api/engine' '{"file":"4-faces.varia","depth":1}'
h wrong-method 'POST /api/info' '{}'
h bad-json 'POST /api/moves' '{"file":'
