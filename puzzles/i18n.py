"""User-facing strings of the puzzle, trainer and progress pages, in English and
Russian. (The app's own catalogue in ``app_pages/i18n`` is shared TOML edited by
another team; these keys live here to avoid conflicting edits. A test checks that
both languages have every key.)

    >>> tr("ru", "hint.suit", suit="♠")
    'Она в масти ♠'
"""

from __future__ import annotations

LANGUAGES = ("en", "ru")

MESSAGES: dict[str, tuple[str, str]] = {
    # titles and navigation
    "puzzles.title": ("Puzzles", "Задачи"),
    "puzzles.intro": ("Engine-checked puzzles with one answer. Your rating and each puzzle's "
                      "rating move after every attempt.",
                      "Задачи, проверенные движком, с единственным ответом. Ваш рейтинг и "
                      "рейтинг задачи меняются после каждой попытки."),
    "meld.title": ("Meld trainer", "Тренажёр комбинаций"),
    "endgame.title": ("Endgame puzzles", "Задачи на последние взятки"),
    "progress.title": ("Progress", "Прогресс"),
    "hub.meld": ("Meld trainer: spot, choose and judge declarations",
                 "Тренажёр комбинаций: найти, выбрать и оценить объявления"),
    "hub.endgame": ("Endgame: play the last eight tricks against the solver",
                    "Эндшпиль: сыграйте последние восемь взяток против решателя"),
    "hub.open": ("Open", "Открыть"),
    "hub.stock": ("Stock play: find the one clearly best move while the stock lasts",
                  "Игра до конца колоды: найдите ход, который явно лучше всех"),
    "stock.title": ("Stock-play puzzles", "Задачи на игру до конца колоды"),
    "stock.empty": ("No stock-play puzzles for this variant yet.",
                    "Для этого варианта задач на игру до конца колоды пока нет."),
    "stock.hand": ("Your hand: click the card to play", "Ваши карты: щёлкните карту для хода"),
    "stock.hand_only": ("Your hand", "Ваши карты"),
    "stock.q_lead": ("You lead ({stock} cards left in the stock). Which card is clearly best?",
                     "Ваш ход первым (в колоде осталось карт: {stock}). Какая карта явно лучше?"),
    "stock.q_follow": ("You answer the card led ({stock} cards left in the stock). Which "
                       "card is clearly best?",
                       "Вы отвечаете на ход (в колоде осталось карт: {stock}). Какая карта "
                       "явно лучше?"),
    "stock.q_win_or_let_go": ("Take this trick or let it go? ({stock} cards left in the "
                              "stock) Click your card.",
                              "Брать эту взятку или отдать? (в колоде осталось карт: {stock}) "
                              "Щёлкните карту."),
    "stock.q_declare": ("You won the trick ({stock} cards left in the stock). What do you "
                        "declare, if anything?",
                        "Вы взяли взятку (в колоде осталось карт: {stock}). Что объявить — или "
                        "ничего?"),
    "stock.q_exchange": ("You won the trick ({stock} cards left in the stock). Exchange the "
                         "seven of trumps now?",
                         "Вы взяли взятку (в колоде осталось карт: {stock}). Обменять козырную "
                         "семёрку сейчас?"),
    "stock.right": ("Right: {move}.", "Верно: {move}."),
    "stock.hint_themes": ("What this position is about: {themes}",
                          "О чём эта позиция: {themes}"),
    # who the learner is (app_pages/identity.py): the default learner is "you"
    "guest": ("you", "вы"),
    "identity.learner": ("Learner", "Ученик"),
    "identity.add": ("Add a learner", "Добавить ученика"),
    "identity.new_name": ("Name of the new learner", "Имя нового ученика"),
    "identity.add_button": ("Add and switch to", "Добавить и выбрать"),
    "identity.local_help": ("Each learner on this computer keeps their own lessons, ratings, "
                            "reviews and score pads.",
                            "У каждого ученика на этом компьютере свои уроки, рейтинги, "
                            "повторения и записи партий."),
    "identity.anonymous": ("Your progress is kept in this browser. Sign in or create an "
                           "account to keep it on other devices too.",
                           "Ваш прогресс хранится в этом браузере. Войдите или создайте "
                           "учётную запись, чтобы он был с вами и на других устройствах."),
    "identity.signed_in": ("Signed in as {name}", "Вы вошли как {name}"),
    "identity.sign_in": ("Sign in", "Войти"),
    "identity.sign_in_with": ("Sign in with {provider}", "Войти через {provider}"),
    "identity.sign_out": ("Sign out", "Выйти"),
    "identity.create": ("Create an account", "Создать учётную запись"),
    "identity.create_help": ("What you have done in this browser so far stays yours in "
                             "the account.",
                             "Всё, что вы уже сделали в этом браузере, сохранится в "
                             "учётной записи."),
    "identity.name": ("Name", "Имя"),
    "identity.password": ("Password", "Пароль"),
    "identity.password_help": ("At least {min} characters.", "Не меньше {min} символов."),
    "account.bad_name": ("Type a name (it cannot start with #).",
                         "Введите имя (оно не может начинаться с #)."),
    "account.short_password": ("A password has {min} to {max} characters.",
                               "В пароле от {min} до {max} символов."),
    "account.taken": ("That name is taken: choose another, or sign in.",
                      "Это имя занято: выберите другое или войдите."),
    "account.refused": ("Wrong name or password.", "Неверное имя или пароль."),
    "account.locked": ("Too many wrong passwords: try again in {seconds} s.",
                       "Слишком много неверных паролей: попробуйте снова через {seconds} с."),
    "account.wrong_current": ("That is not your current password.",
                              "Это не ваш нынешний пароль."),
    "account.busy": ("Many accounts were just made here: try again in {seconds} s.",
                     "Здесь только что создали много учётных записей: попробуйте снова "
                     "через {seconds} с."),
    "identity.store_down": ("Your progress cannot be reached just now. What needs it says so; "
                            "the rest of the app, and a game in this tab, go on.",
                            "Ваш прогресс сейчас недоступен. Где он нужен, об этом будет "
                            "сказано; остальное, и партия в этой вкладке, работают."),
    "identity.account": ("Account", "Учётная запись"),
    "identity.current_password": ("Current password", "Нынешний пароль"),
    "identity.new_password": ("New password", "Новый пароль"),
    "identity.change_password": ("Change the password", "Сменить пароль"),
    "identity.password_changed": ("Password changed. Your other devices are signed out.",
                                  "Пароль изменён. На других устройствах вы вышли из "
                                  "учётной записи."),
    "identity.everywhere_help": ("Forgot to sign out on another computer? This signs out "
                                 "every browser, this one too.",
                                 "Забыли выйти на другом компьютере? Эта кнопка выходит "
                                 "из учётной записи во всех браузерах, и в этом тоже."),
    "identity.sign_out_everywhere": ("Sign out everywhere", "Выйти везде"),
    "identity.signed_out_everywhere": ("Signed out in every browser.",
                                       "Вы вышли из учётной записи во всех браузерах."),
    "learner": ("Learner: {name} · rating {rating}", "Ученик: {name} · рейтинг {rating}"),
    "srs.toggle": ("Bring my mistakes back for review (spaced repetition)",
                   "Возвращать мои ошибки на повторение (метод интервальных повторений)"),
    "srs.due": ("Reviews due: {count}", "К повторению: {count}"),
    "srs.serving": ("Review: a fresh instance (suits permuted) of a puzzle you missed",
                    "Повторение: новая версия (масти переставлены) задачи, где была ошибка"),
    "srs.serving_same": ("Review: a puzzle you missed, once more",
                         "Повторение: задача, где была ошибка, ещё раз"),
    "mode": ("Exercise", "Упражнение"),
    "mode.spot": ("Spot every legal declaration", "Найдите все возможные объявления"),
    "mode.best": ("Which declaration now?", "Какое объявление сейчас?"),
    "mode.legal": ("Is this legal, and why?", "Можно ли это объявить и почему?"),
    "mode.timed": ("Timed recognition run", "Распознавание на время"),
    "mode.capture": ("What does this capture score?", "Сколько приносит эта взятка?"),
    # Fildinski (000): capture puzzles and the play-off where captures keep scoring
    "c.question": ("You have just won this trick. Name every combination it scores with "
                   "your laid-out cards, and the trick's total: its brisques, the "
                   "combinations and a seven of trumps captured (000). Exchanging that "
                   "seven for the turn-up comes afterwards and is not part of the total.",
                   "Вы только что взяли эту взятку. Назовите все комбинации, которые она "
                   "образует с вашими выложенными картами, и итог взятки: бриски, "
                   "комбинации и взятая козырная семёрка (000). Обмен этой семёрки на "
                   "открытый козырь делается потом и в итог не входит."),
    "c.seven_scored": ("{cards} has scored already (it was the turn-up), so it scores "
                       "nothing now.",
                       "{cards} уже засчитана раньше (это был открытый козырь), теперь "
                       "она очков не приносит."),
    "c.laid": ("Your laid-out cards", "Ваши выложенные карты"),
    "c.trick": ("The trick you won", "Взятая взятка"),
    "c.total_input": ("Total of the capture", "Итог взятки"),
    "c.twice": ("{meld}, twice", "{meld}, дважды"),
    "c.answer": ("{melds}; brisques {brisques}; total {total}",
                 "{melds}; бриски {brisques}; итог {total}"),
    "c.answer_sevens": ("{melds}; brisques {brisques}; seven of trumps {sevens}; "
                        "total {total}",
                        "{melds}; бриски {brisques}; козырная семёрка {sevens}; "
                        "итог {total}"),
    "c.brisques": ("The brisques (aces and tens) in the trick score {points}",
                   "Бриски (тузы и десятки) во взятке приносят {points}"),
    "c.laid_out": ("{count} captured card(s) can combine and are laid out",
                   "Карт, годных для комбинаций и выложенных: {count}"),
    "c.total": ("Total: {total}", "Итог: {total}"),
    "c.hint_count": ("Combinations scored: {count}", "Число записанных комбинаций: {count}"),
    "c.hint_first": ("One of them is {meld}", "Одна из них: {meld}"),
    "c.best_q": ("Which card now? The value of each card counts everything the "
                 "remaining tricks will score: brisques, the combinations the "
                 "captures will form with the winners' laid-out cards, and a seven of "
                 "trumps not yet counted (000).",
                 "Какую карту сыграть? Оценка каждой карты учитывает всё, что принесут "
                 "оставшиеся взятки: бриски, комбинации, которые взятые карты "
                 "образуют с выложенными картами взявшего, и ещё не засчитанную "
                 "козырную семёрку (000)."),
    "c.hands": ("Your hand", "Ваша рука"),
    "c.opponent": ("The opponent's hand (known: the stock is gone)",
                   "Рука противника (известна: колода кончилась)"),
    "c.laid_of": ("Laid out by {who}", "Выложено: {who}"),
    "c.you": ("you", "вы"),
    "c.them": ("the opponent", "противник"),
    "c.led": ("Led to you", "Вам пошли"),
    "c.move_value": ("{card}: {value} (your points minus the opponent's from here, best play)",
                     "{card}: {value} (ваши очки минус очки противника до конца, при "
                     "лучшей игре)"),
    "c.duel": ("Four-handed: you are player {me}, against player {them}. The last tricks are "
               "played in two pairs side by side; the other pair's tricks do not change what "
               "yours scores.",
               "Игра вчетвером: вы — игрок {me}, против игрока {them}. Это один из двух "
               "розыгрышей, которые идут одновременно; розыгрыш другой пары не меняет "
               "того, что принесёт ваш."),
    "c.right": ("Right: the best card", "Верно: это лучшая карта"),
    "c.wrong": ("Not quite: the best card is {best}", "Не совсем: лучшая карта — {best}"),
    "next": ("Next puzzle", "Следующая задача"),
    "check": ("Check", "Проверить"),
    "hint.step": ("Hint {step} of {total}", "Подсказка {step} из {total}"),
    # The explanation of a spot puzzle with no legal declaration (after the answer)
    "x.none": ("No legal declaration: these cards form no combination that may be scored "
               "now.", "Объявить нечего: эти карты не составляют комбинации, которую "
               "можно записать сейчас."),
    # The spot exercise's hints say nothing of whether a meld exists (review 2, defect
    # 5: "perhaps nothing can be scored" gave a no-meld puzzle's answer away).
    "hint.walk": ("Go through the melds one at a time: do you hold every card of it?",
                  "Переберите комбинации по одной: есть ли у вас все их карты?"),
    "hint.count": ("Count the kings and queens of each suit, the bezique cards and the "
                   "cards of each rank: is any set complete?",
                   "Сосчитайте королей и дам каждой масти, карты безика и карты каждого "
                   "достоинства: набирается ли хоть одна комбинация?"),
    "hint.scored": ("A card on the table may join a meld of another class, never one of "
                    "a class it has scored in", "Карта на столе может войти в комбинацию "
                    "другой группы, но не той, где уже записана"),
    "hint.suit": ("It is in {suit}", "Она в масти {suit}"),
    # One sentence of why after "Right:" (app_pages/feedback.py)
    "v.spot": ("{melds} can be declared, and nothing else",
               "объявить можно только это: {melds}"),
    "v.spot_none": ("nothing can be declared here", "здесь объявить нечего"),
    "v.best": ("{meld} bring{meld_s} {total} in all, the most of any choice",
               "{meld} приносит всего {total} — больше любого другого выбора"),
    "v.capture": ("the capture scores {answer}", "взятка приносит: {answer}"),
    "v.answer": ("The answer: {answer}.", "Ответ: {answer}."),
    "hint.cards": ("The cards: {cards}", "Карты: {cards}"),
    "hint.turns": ("Declaration turns left: {turns}. What can still follow each choice?",
                   "Осталось ходов с объявлением: {turns}. Что ещё можно объявить после "
                   "каждого выбора?"),
    "hint.history": ("Look at the history: was one of these cards scored before?",
                     "Посмотрите историю: не записывалась ли уже одна из этих карт?"),
    "hint.reused": ("Already scored: {cards}", "Уже записаны: {cards}"),
    "hint.fresh": ("None of these cards has been scored before",
                   "Ни одна из этих карт ещё не записывалась"),
    "hint.rule": ("The rule: {rule}", "Правило: {rule}"),
    "hint.theme": ("Theme: {theme}", "Тема: {theme}"),
    "hint.card_suit": ("Play a card in {suit}", "Сыграйте {suit}"),
    "hint.card": ("Play {card}", "Сыграйте {card}"),
    "hint.value_suit": ("A best card is in {suit}", "Лучшая карта — в масти {suit}"),
    # meld questions
    "q.trump": ("Trumps: {suit}", "Козырь: {suit}"),
    "q.hand": ("Hand", "Рука"),
    "q.table": ("On the table (declared)", "На столе (объявлено)"),
    "q.history": ("Scored so far", "Уже записано"),
    "q.nothing": ("nothing", "ничего"),
    "q.stock": ("Stock: {stock} cards · declaration turns left: {turns}",
                "В колоде: {stock} · ходов с объявлением: {turns}"),
    "q.spot": ("You won the trick. Which melds may you declare now? Choose every kind.",
               "Вы взяли взятку. Какие комбинации можно объявить сейчас? Отметьте все виды."),
    "q.best": ("You won the trick. Assume you win every trick until the stock runs out "
               "and keep these cards. Which declaration now gives the most points (ties: "
               "more points now)?",
               "Вы взяли взятку. Считайте, что берёте все взятки до конца колоды и "
               "сохраняете эти карты. Какое объявление сейчас даст больше всего очков "
               "(при равенстве — больше очков сразу)?"),
    "q.legal": ("You want to declare {meld}: {cards}. Is it legal?",
                "Вы хотите объявить {meld}: {cards}. Можно ли?"),
    "q.select": ("Your answer", "Ваш ответ"),
    "a.legal": ("Legal", "Можно"),
    "a.refused": ("Refused: {rule}", "Нельзя: {rule}"),
    "a.none": ("No declaration", "Объявить нечего"),
    "rule.reuse.same_class": ("a card already scored in this class at the same or a higher "
                              "level", "карта уже записана в этом классе на том же или "
                              "более высоком уровне"),
    "rule.reuse.partner_swap": ("a new partner does not renew a card",
                                "новый партнёр не обновляет карту"),
    "rule.reuse.reform": ("a meld re-forms only after one of its cards is played, and "
                          "beziques and sets are never re-paired on the table",
                          "комбинацию составляют заново лишь после розыгрыша её карты, а "
                          "безики и четвёрки на столе не переставляют"),
    "rule.reuse.all_new": ("in this reading every card of a multiple bezique must be new",
                           "в этом прочтении все карты многократного безика должны быть "
                           "новыми"),
    "rule.ladder.order": ("one step of a ladder at a time: this one comes after the step "
                          "before it", "лестница — по одной ступени: эта идёт только после "
                          "предыдущей"),
    "rule.ladder.once": ("each step of a ladder scores once a deal",
                         "каждая ступень лестницы записывается один раз за сдачу"),
    "rule.ladder.grow": ("a set grows by a card laid beside the cards already shown",
                         "набор растёт картой, добавленной к уже показанным"),
    "rule.reuse.cross_class": ("a card may join a meld of another class",
                               "карта может войти в комбинацию другой группы"),
    "rule.reuse.upgrade": ("a card may go up to a higher meld of its class",
                           "карту можно взять в старшую комбинацию той же группы"),
    "wrong": ("Not quite. The answer: {answer}", "Не совсем. Ответ: {answer}"),
    # timed run
    "timed.start": ("Start a {seconds}-second run", "Начать забег на {seconds} секунд"),
    "timed.left": ("{seconds} s left · score {score}", "Осталось {seconds} с · счёт {score}"),
    "timed.over": ("Time! Score {score} of {total}", "Время! Счёт {score} из {total}"),
    "timed.review": ("Review your misses", "Разбор ошибок"),
    "timed.no_misses": ("No misses — well done", "Ни одной ошибки — отлично"),
    "timed.submit": ("Answer", "Ответить"),
    # endgame
    # No seat numbers: the table names the seats (You, the opponent, Partner).
    "e.to_move": ("Trumps: {suit}. Play the last tricks; the engine defends perfectly.",
                  "Козырь: {suit}. Сыграйте последние взятки; движок защищается идеально."),
    "e.you": ("Your hand", "Ваша рука"),
    "e.opponent": ("Opponent's hand (open in the last tricks)",
                   "Рука соперника (открыта в конце игры)"),
    "e.trick": ("On the table: {cards}", "На столе: {cards}"),
    "e.opponent_short": ("The opponent", "Соперник"),
    "e.left": ("Left opponent", "Противник слева"),
    "e.partner": ("Partner", "Партнёр"),
    "e.you_take": ("you take the trick", "вы берёте взятку"),
    "e.takes": ("{who} takes the trick", "взятку берёт {who}"),
    "e.right": ("Right opponent", "Противник справа"),
    "e.hand_of": ("{who} (open in the last tricks)", "{who} (карты открыты в конце игры)"),
    "e.replies": ("The engine plays for the other seats: {plays}",
                  "Движок играет за остальных: {plays}"),
    "e.to_move_four": ("Trumps: {suit}. Play the last tricks for your side with your partner "
                       "opposite; the engine plays your partner and both opponents perfectly.",
                       "Козырь: {suit}. Сыграйте последние взятки за свою пару (партнёр "
                       "напротив); движок идеально играет за партнёра и обоих соперников."),
    "e.to_move_three": ("Trumps: {suit}. Play the last tricks; the "
                        "engine plays both other players against you, so the aim is the most "
                        "you can be sure of (the paranoid value).",
                        "Козырь: {suit}. Сыграйте последние взятки; "
                        "движок играет за обоих других игроков против вас, так что цель — "
                        "наибольшее, что вы можете себе гарантировать (параноидальная "
                        "оценка)."),
    "e.value_q_three": ("Several cards are equally good here. When both others play against "
                        "you, how many points (brisques and the last trick) can you still be "
                        "sure of taking?",
                        "Здесь несколько карт одинаково хороши. Сколько очков (бриски и "
                        "последняя взятка) вы ещё наверняка возьмёте, если оба других "
                        "играют против вас?"),
    "e.value_q_four": ("Several cards are equally good here. With best play by all four, "
                       "how many points (brisques and the last trick) does your side "
                       "still take?",
                       "Здесь несколько карт одинаково хороши. Сколько очков (бриски и "
                       "последняя взятка) ещё возьмёт ваша пара при лучшей игре всех "
                       "четверых?"),
    "e.value_q": ("Several cards are equally good here. With best play by both, how many "
                  "points (brisques and the last trick) do you still take?",
                  "Здесь несколько карт одинаково хороши. Сколько очков (бриски и последняя "
                  "взятка) вы ещё возьмёте при лучшей игре обеих сторон?"),
    "e.best_q": ("Find the best card: only one card keeps the full value.",
                 "Найдите лучшую карту: только одна сохраняет всё."),
    "e.value_input": ("Points", "Очки"),
    "e.play": ("Play {card}", "Сыграть {card}"),
    "e.why_card": ("Why {card} loses {loss} points, against the best card {best}:",
                   "Почему {card} теряет {loss} по сравнению с лучшей картой {best}:"),
    "e.why_card_last_trick": ("Why {card} loses the last trick ({loss}), against the best "
                              "card {best}:",
                              "Почему {card} теряет последнюю взятку ({loss}) по сравнению "
                              "с лучшей картой {best}:"),
    "e.why_card_brisques": ("Why {card} loses {loss} in brisques (they only break a tie), "
                            "against the best card {best}:",
                            "Почему {card} теряет {loss} в брисках (они решают только при "
                            "равенстве) по сравнению с лучшей картой {best}:"),
    "e.wrong_card": ("{card} loses {loss}. {why}", "{card} теряет {loss}. {why}"),
    "e.solved": ("Solved: you took {points}, the most possible.",
                 "Решено: вы взяли {points} — максимум."),
    "e.reply": ("The engine answers {card}", "Движок отвечает {card}"),
    "e.line": ("Best line: {line}", "Лучший вариант: {line}"),
    "e.value_right": ("Right: {value}. Now play it out.", "Верно: {value}. Теперь сыграйте."),
    "e.value_wrong": ("Not quite: the value is {value}. Now play it out.",
                      "Не совсем: ценность {value}. Теперь сыграйте."),
    "v.solved": ("you took {points}, the most possible", "вы взяли {points} — максимум"),
    "v.card_loses": ("{card} loses {loss} against the best card, {best}",
                     "{card} хуже лучшей карты {best} на {loss}"),
    # progress
    "p.rating": ("Rating over time", "Рейтинг во времени"),
    "p.no_attempts": ("No attempts yet: solve a puzzle first.",
                      "Попыток пока нет: решите задачу."),
    "p.lessons": ("Lessons of {game}", "Уроки: {game}"),
    "p.themes": ("Accuracy per theme", "Точность по темам"),
    "p.melds": ("Accuracy per meld kind", "Точность по видам комбинаций"),
    "p.ratings": ("Ratings", "Рейтинги"),
    "p.queue": ("Failed puzzles to replay", "Задачи с ошибками для повтора"),
    "p.replay": ("Replay", "Повторить"),
    "p.empty_queue": ("Nothing to replay.", "Повторять нечего."),
    "p.srs": ("Review schedule", "График повторения"),
    "p.timed": ("Timed runs", "Забеги на время"),
    "p.db": ("Progress file: {path}", "Файл прогресса: {path}"),
    "p.db_error": ("The progress store cannot be used: {error}",
                   "Хранилище прогресса нельзя использовать: {error}"),
    "p.db_error_file": ("The progress file cannot be used: {error}",
                        "Файл прогресса нельзя использовать: {error}"),
    "p.db_error_database": ("The progress database cannot be used: {error}",
                            "Базу данных прогресса нельзя использовать: {error}"),
    "col.name": ("Name", "Название"),
    "col.description": ("What it practises", "Чему учит"),
    "col.puzzles": ("Puzzles", "Задач"),
    "themes.title": ("Themes", "Темы"),
    "themes.intro": ("Every idea the puzzles practise, what it means, how many puzzles of "
                     "this game carry it and how well you have done in it so far, your "
                     "own drilled positions included.",
                     "Все идеи, которые тренируют задачи: что каждая значит, сколько задач "
                     "этой игры её содержат и насколько хорошо она вам пока даётся, "
                     "с учётом ваших собственных позиций для тренировки."),
    "col.lesson": ("Lesson", "Урок"),
    "col.checks": ("Checks passed", "Верных ответов"),
    "col.mastery": ("Mastery", "Освоено"),
    "col.attempts": ("Attempts", "Попыток"),
    "col.attempt": ("Attempt", "Попытка"),
    "col.accuracy": ("Accuracy", "Точность"),
    "col.rating": ("Rating", "Рейтинг"),
    "col.rd": ("Deviation", "Отклонение"),
    "col.scope": ("Scope", "Область"),
    "col.puzzle": ("Puzzle", "Задача"),
    "col.review": ("To review", "Что повторить"),
    "col.due": ("Due", "Срок"),
    "col.score": ("Score", "Счёт"),
    "col.when": ("When", "Когда"),
    "error": ("Something was wrong with that input: {error}",
              "С этим вводом что-то не так: {error}"),
    # review cards (puzzles.review_cards, app_pages/review_cards.py)
    "rc.title": ("Review cards", "Карточки"),
    "rc.intro": ("Your mistakes come back here by themselves: positions from your own hands "
                 "and lesson questions you missed, then the meld values and last-trick "
                 "duties of {game}. A card you miss returns soon, one you know waits longer. "
                 "The answers come from the rules of the game you play (choose it on Home).",
                 "Здесь сами собой возвращаются ваши ошибки: позиции из ваших партий и "
                 "вопросы уроков, на которые вы ответили неверно, а за ними — очки "
                 "комбинаций и обязанности в последних взятках игры «{game}». Ошибка — и "
                 "карточка скоро вернётся, верный ответ — и она подождёт дольше. Ответы "
                 "берутся из правил вашей игры (её выбирают на главной странице)."),
    "rc.counts": ("Due now: {due} · new today: {new} · learnt {seen} of {total}",
                  "К повторению: {due} · новых сегодня: {new} · изучено {seen} из {total}"),
    "rc.done": ("Nothing more for now.", "На сейчас всё."),
    "rc.next_due": ("The next card is due {when}.", "Следующая карточка — {when}."),
    "rc.none_due": ("No card is scheduled yet.", "Пока ни одна карточка не назначена."),
    "rc.more": ("Five more new cards today", "Ещё пять новых карточек сегодня"),
    "rc.settings": ("Settings", "Настройки"),
    "rc.per_day": ("New cards a day", "Новых карточек в день"),
    "rc.new": ("New card", "Новая карточка"),
    "rc.review": ("Review", "Повторение"),
    "rc.pick_all": ("Pick every card you may play.", "Отметьте все карты, которыми можно ходить."),
    "rc.answer": ("Your answer", "Ваш ответ"),
    "rc.check": ("Check", "Проверить"),
    "rc.next": ("Next card", "Следующая карточка"),
    "rc.empty": ("Choose an answer first.", "Сначала выберите ответ."),
    "rc.wrong": ("The answer: {answer}.", "Ответ: {answer}."),
    "rc.again": ("It comes back {when}.", "Карточка вернётся {when}."),
    "rc.trump": ("Trumps: {suit}", "Козыри: {suit}"),
    "rc.row_meld": ("Cards", "Карты"),
    "rc.row_lead": ("Led", "Заход"),
    "rc.row_hand": ("Your hand", "Ваша рука"),
    # a failed lesson check, asked again (puzzles.check_cards)
    "rc.check_title": ("From the lesson “{title}”", "Из урока «{title}»"),
    "rc.check_caption": ("A lesson question you missed", "Вопрос урока, где была ошибка"),
    "rc.open_lesson": ("Open the lesson", "Открыть урок"),
    "rc.elsewhere": ("Also due for review:", "Ещё к повторению:"),
    "rc.elsewhere_item": ("{page}: {count}", "{page}: {count}"),
    "rc.auto_drills": ("Add the decisions that cost me points in my hands to these cards",
                       "Добавлять сюда решения из моих партий, которые стоили очков"),
    "rc.no_cards": ("This game has no review cards.", "У этой игры нет карточек."),
    # drills: positions from the review of the learner's own hands (puzzles.drills)
    "rc.drill": ("Your own position: a decision from one of your games",
                 "Ваша позиция: решение из одной из ваших партий"),
    "rc.drill_q": ("Trick {trick}. What is your move?", "Взятка {trick}. Ваш ход?"),
    "rc.drill_played": ("In the game you chose: {action}.", "В партии вы выбрали: {action}."),
    "rc.drill_right": ("Good move: no move clearly does better here.",
                       "Хороший ход: явно лучшего хода здесь нет."),
    # {cost} has its own brackets ("about 50 points (between 10 and 90)"): none around it
    "rc.drill_wrong": ("Better: {action}, a difference of {cost}.",
                       "Лучше: {action}, разница — {cost}."),
    "rc.drill_count": ("Your positions due now: {count}", "Ваших позиций к повторению: {count}"),
    "rc.drill_themes": ("Themes: {themes}", "Темы: {themes}"),
    "e.own": ("Your own position, from the review of one of your games: find the best card.",
              "Ваша позиция из разбора одной из ваших партий: найдите лучшую карту."),
    "hub.cards": ("Review cards: meld values and last-trick duties",
                  "Карточки: очки комбинаций и обязанности в последних взятках"),
    # the learner's path (puzzles.path): the Home page's "Continue" and the Rules page
    "path.lesson": ("lesson {number} of {total}, “{title}”", "урок {number} из {total}, «{title}»"),
    "path.checks": ("the checks of “{title}” ({passed} of {total} passed)",
                    "вопросы урока «{title}» (пройдено {passed} из {total})"),
    "path.meld": ("meld drills ({done} of {need} solved)",
                  "упражнения на комбинации (решено {done} из {need})"),
    "path.endgame": ("endgame puzzles ({done} of {need} solved)",
                     "задачи на последние взятки (решено {done} из {need})"),
    "path.stock": ("stock-play puzzles ({done} of {need} solved)",
                   "задачи на игру до конца колоды (решено {done} из {need})"),
    "path.guided": ("a guided hand of {game}", "партия с подсказками: {game}"),
    "path.done": ("a game of {game}", "партия: {game}"),
    "path.why_lesson": ("The next lesson on your path: read it, then pass its checks.",
                        "Следующий урок на вашем пути: прочитайте его и ответьте на вопросы."),
    "path.why_read": ("The next page on your path: read it, then mark it as read.",
                      "Следующая страница на вашем пути: прочитайте её и отметьте прочитанной."),
    "path.why_checks": ("Pass all {total} checks of this lesson to complete it.",
                        "Ответьте верно на все вопросы урока ({total}), чтобы пройти его."),
    "path.why_meld": ("Spot and judge declarations in real positions until they come quickly.",
                      "Находите и оценивайте объявления в настоящих позициях, пока это не "
                      "станет привычным."),
    "path.why_endgame": ("Play the last tricks against the solver, which shows why a card loses.",
                         "Сыграйте последние взятки против решателя: он покажет, чем плоха "
                         "карта."),
    "path.why_stock": ("While the stock lasts, find the move that is clearly best; the "
                       "answer says in how many ways the unseen cards may lie it does better.",
                       "Пока в колоде есть карты, найдите ход, который явно лучше; ответ покажет, "
                       "при скольких раскладах невидимых карт он выигрывает."),
    "path.why_guided": ("Play one whole deal against the computer, with a hint at every step.",
                        "Сыграйте целую сдачу против компьютера, с подсказкой на каждом шаге."),
    "path.why_done": ("Your path through this game is complete: play, or choose another game.",
                      "Ваш путь по этой игре пройден: играйте или выберите другую игру."),
    "path.review": ("Today's review: {count} due", "Повторение на сегодня: {count}"),
    "path.why_review": ("Your mistakes and cards that come back today; then on along your path.",
                        "Ваши ошибки и карточки, которые пора повторить; потом — дальше по "
                        "пути."),

}

SUIT_NAMES = {"S": ("spades ♠", "пики ♠"), "H": ("hearts ♥", "черви ♥"),
              "D": ("diamonds ♦", "бубны ♦"), "C": ("clubs ♣", "трефы ♣")}

# The kinds of endgame question, as the Progress page lists them; the themes
# themselves are in puzzles/themes.toml (:mod:`puzzles.themes`).
THEME_NAMES: dict[str, tuple[str, str]] = {
    "best": ("the best card", "лучшая карта"),
    "value": ("what the ending is worth", "сколько стоит концовка"),
    "capture_best": ("the best card, captures scoring", "лучшая карта, когда очки дают взятые "
                     "карты"),
}


def tr(lang: str, key: str, **params: object) -> str:
    pair = MESSAGES.get(key)
    if pair is None:
        return key
    text = pair[1] if lang == "ru" else pair[0]
    try:
        return text.format(**params) if params else text
    except (KeyError, IndexError, ValueError):
        return text


# A suit as the thing played, "сыграйте бубну ♦" (Russian accusative), never
# «карту масти бубны».
SUIT_TO_PLAY = {"S": ("spades ♠", "пику ♠"), "H": ("hearts ♥", "черву ♥"),
                "D": ("diamonds ♦", "бубну ♦"), "C": ("clubs ♣", "трефу ♣")}


def suit_to_play(letter: str, lang: str) -> str:
    """The suit in the hint «сыграйте …»: ``бубну ♦``; in English ``diamonds ♦``."""
    return SUIT_TO_PLAY[letter][1 if lang == "ru" else 0]


def suit_name(letter: str | None, lang: str) -> str:
    if letter is None:
        return "—"
    pair = SUIT_NAMES.get(letter, (letter, letter))
    return pair[1] if lang == "ru" else pair[0]


def theme_name(theme: str, lang: str) -> str:
    from engine.text.explain import MELD_NAMES, meld_name
    from puzzles import themes

    documented = themes.name(theme, lang)
    if documented is not None:
        return documented
    if theme in MELD_NAMES:
        return meld_name(theme, lang)
    pair = THEME_NAMES.get(theme)
    if pair is None:
        return theme.replace("_", " ")
    return pair[1] if lang == "ru" else pair[0]


def rule_name(rule: str, lang: str) -> str:
    key = f"rule.{rule}"
    return tr(lang, key) if key in MESSAGES else rule
